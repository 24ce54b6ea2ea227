"""The translation catalogues: extract, update, compile, check (``make catalogues``).

    python scripts/catalogues.py            # all three steps, then check
    python scripts/catalogues.py extract    # the source → borsen_widget/locale/borsen_widget.pot
    python scripts/catalogues.py update     # the .pot → each language's .po (new messages empty)
    python scripts/catalogues.py compile    # each .po → .mo (Python) and .json (front end),
                                            # and Babel's locale data → locale/formats.json
    python scripts/catalogues.py check      # is everything above up to date and complete?
    python scripts/catalogues.py fill FILE  # translations from a JSON file into the .po files
                                            # ({"nb": {"msgid": "…", "ctx\u0004msgid": […]}}),
                                            # then compile

Every step that writes holds a lock on ``borsen_widget/locale/.lock``, so several people (or
scripts) can extract, fill and compile at once without losing each other's translations.

Babel is a developer tool here (the ``dev`` extra): the package reads the compiled ``.mo``,
``.json`` and ``formats.json`` with the standard library only. Messages are found where
``babel.cfg`` says, with the keywords below: in Python the methods of
:class:`borsen_widget.i18n.Translator` and the markers ``N_``/``NP_``; in the front end
(``js/src``) ``t``, ``tn``, ``tp``, ``tnp``.

A translator edits ``borsen_widget/locale/<lang>/LC_MESSAGES/borsen_widget.po`` (by hand,
Poedit, Weblate), then runs ``make catalogues``. The English catalogue is complete by
construction: ``update`` fills each new English message with its msgid (edit it to correct the
English shown without touching the source).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import fcntl
import io
import json
import sys
from pathlib import Path

from babel import Locale
from babel import __version__ as babel_version
from babel.core import get_global
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from babel.util import pathmatch

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "borsen_widget" / "locale"
DOMAIN = "borsen_widget"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
FORMATS = LOCALE / "formats.json"
LANGUAGES = ("en", "nb", "nn")
# Babel's locale whose number and list conventions each language uses. English is British:
# "Ada, Bo and Cy" without the serial comma, as the package has always written it.
CLDR_LOCALES = {"en": "en_GB", "nb": "nb", "nn": "nn"}
# BadMessage("...", name=...) is a notice of the catalogues, told in each page's language;
# Refused("...") (a BadMessage the Python API raises) and RulesError("...", name=...) too (the
# rules editor shows it beside its control).
PYTHON_KEYWORDS = {
    **DEFAULT_KEYWORDS,
    "NP_": ((1, "c"), 2),
    "BadMessage": None,
    "Refused": None,
    "RulesError": None,
}
JS_KEYWORDS = {"t": None, "tn": (1, 2), "tp": ((1, "c"), 2), "tnp": ((1, "c"), 2, 3)}
KEYWORDS = {"python": PYTHON_KEYWORDS, "javascript": JS_KEYWORDS}
COMMENT_TAGS = ("TRANSLATORS:",)
LINE_WIDTH = 100
# Messages from these source folders go to the front end's JSON.
FRONT_END = ("js/",)


def po_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    return po_path(language).with_suffix(".mo")


def json_path(language: str) -> Path:
    return po_path(language).with_suffix(".json")


# ------------------------------------------------------------------------------- extract


def source_files(root: Path = ROOT) -> list[tuple[str, str, dict]]:
    """``(path relative to root, method, options)`` of every file babel.cfg maps, sorted."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found = []
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if not path.is_file() or "node_modules" in relative or "/." in "/" + relative:
            continue
        for pattern, method in method_map:
            if pathmatch(pattern, relative):
                found.append((relative, method, options_map.get(pattern, {})))
                break
    return found


def extract(root: Path = ROOT, files=None) -> Catalog:
    """A fresh template of every message in the source (no line numbers: locations by file)."""
    template = Catalog(
        project="borsen_widget",
        domain=DOMAIN,
        charset="utf-8",
        fuzzy=False,
        msgid_bugs_address="the borsen_widget team (see README.md)",
        copyright_holder="The borsen_widget team",
    )
    for relative, method, options in source_files(root) if files is None else files:
        for lineno, message, comments, context in extract_from_file(
            method,
            root / relative,
            keywords=KEYWORDS[method],
            comment_tags=COMMENT_TAGS,
            options=options,
            strip_comment_tags=True,
        ):
            template.add(
                message,
                None,
                [(relative, lineno)],
                auto_comments=comments,
                context=context,
                flags=_flags(message),
            )
    return template


def _flags(message) -> tuple[str, ...]:
    texts = message if isinstance(message, tuple | list) else (message,)
    return ("python-brace-format",) if any("{" in t for t in texts if t) else ()


def po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(
        out,
        catalog,
        width=LINE_WIDTH,
        include_lineno=False,
        ignore_obsolete=True,
        omit_header=False,
    )
    return out.getvalue()


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write ``data`` unless the file already holds it; True if written."""
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


def _keys(catalog: Catalog) -> dict:
    return {(m.context, _msgid(m.id)): m for m in catalog if m.id}


def _msgid(msgid) -> str:
    return msgid[0] if isinstance(msgid, tuple | list) else msgid


def _files(message) -> list[str]:
    return sorted({path for path, _ in message.locations})


def same_messages(a: Catalog, b: Catalog) -> bool:
    """Same messages (ids, plurals, contexts, where they come from, comments)."""
    ka, kb = _keys(a), _keys(b)
    if ka.keys() != kb.keys():
        return False
    return all(
        ka[k].id == kb[k].id
        and _files(ka[k]) == _files(kb[k])
        and list(ka[k].auto_comments) == list(kb[k].auto_comments)
        for k in ka
    )


def do_extract() -> Catalog:
    template = extract()
    if TEMPLATE.exists():
        with open(TEMPLATE, "rb") as file:
            old = read_po(file)
        if same_messages(old, template):
            return old  # keep the file (and its date) as it is
    write_if_changed(TEMPLATE, po_bytes(template))
    print(f"wrote {TEMPLATE.relative_to(ROOT)}: {len(_keys(template))} messages")
    return template


# ------------------------------------------------------------------------------- update


def read_catalogue(language: str) -> Catalog | None:
    path = po_path(language)
    if not path.exists():
        return None
    with open(path, "rb") as file:
        return read_po(file, locale=language)


def updated(language: str, template: Catalog) -> Catalog:
    """The language's catalogue with the template's messages: new ones empty (English: the
    msgid), gone ones dropped, changed ones marked fuzzy by Babel for a translator to check."""
    catalog = read_catalogue(language)
    if catalog is None:
        catalog = Catalog(locale=language, domain=DOMAIN, charset="utf-8", fuzzy=False)
        catalog.project = template.project
        catalog.copyright_holder = template.copyright_holder
        catalog.msgid_bugs_address = template.msgid_bugs_address
        catalog.language_team = {
            "en": "English",
            "nb": "Norsk bokmål",
            "nn": "Norsk nynorsk",
        }[language]
    catalog.update(copy.deepcopy(template), update_creation_date=False)
    catalog.obsolete.clear()
    if language == "en":
        for message in catalog:
            if not message.id:
                continue
            if message.fuzzy or not _complete(message):
                message.string = message.id
                message.flags.discard("fuzzy")
    return catalog


def _complete(message) -> bool:
    strings = message.string if isinstance(message.string, tuple | list) else (message.string,)
    return all(strings)


def do_update(template: Catalog) -> None:
    for language in LANGUAGES:
        catalog = updated(language, template)
        if write_if_changed(po_path(language), po_bytes(catalog)):
            missing = [m.id for m in catalog if m.id and (m.fuzzy or not _complete(m))]
            print(f"wrote {po_path(language).relative_to(ROOT)}: {len(missing)} to translate")


# ------------------------------------------------------------------------------- compile


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def front_end_json(catalog: Catalog, language: str, formats: dict) -> bytes:
    """The messages the front end uses (source in js/), as JupyterLab's translation JSON:
    ``{"": {header}, "msgid": ["msgstr"], "context\\u0004msgid": [...], "singular":
    ["form 0", "form 1"]}``, with the language's number formats in the header."""
    data = {
        "": {
            "domain": DOMAIN,
            "language": language,
            "plural_forms": catalog.plural_forms,
            "formats": formats["languages"][language],
        }
    }
    for message in catalog:
        if not message.id or message.fuzzy or not _complete(message):
            continue
        if not any(path.startswith(FRONT_END) for path, _ in message.locations):
            continue
        key = _msgid(message.id)
        if message.context:
            key = f"{message.context}\u0004{key}"
        strings = message.string
        data[key] = list(strings) if isinstance(strings, tuple | list) else [strings]
    text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True)
    return (text + "\n").encode("utf-8")


def locale_formats() -> dict:
    """Each language's number and list conventions and plural rule, from Babel (CLDR)."""
    languages = {}
    for language in LANGUAGES:
        locale = Locale.parse(CLDR_LOCALES[language])
        decimal = locale.decimal_formats[None]
        percent = locale.percent_formats[None]
        lists = locale.list_patterns["standard"]
        languages[language] = {
            "cldr_locale": str(locale),
            "name": Locale.parse(language).get_display_name(language),
            "decimal": locale.number_symbols["latn"]["decimal"],
            "group": locale.number_symbols["latn"]["group"],
            # Babel writes the pattern's own sign (a hyphen-minus), not CLDR's "−".
            "minus": decimal.prefix[1] or "-",
            "grouping": list(decimal.grouping),
            "decimal_pattern": decimal.pattern,
            "percent_pattern": percent.pattern,
            "percent_prefix": percent.prefix[0],
            "percent_suffix": percent.suffix[0],
            "list": {key: lists[key] for key in ("2", "start", "middle", "end")},
            "plural": dict(locale.plural_form.rules),
            "plural_forms": Catalog(locale=language).plural_forms,
        }
    return {
        "generated_by": "scripts/catalogues.py compile (do not edit)",
        "source": f"Babel {babel_version}, CLDR {get_global('cldr_version') or '?'}",
        "languages": languages,
    }


def formats_bytes() -> bytes:
    text = json.dumps(locale_formats(), ensure_ascii=False, indent=1, sort_keys=True)
    return (text + "\n").encode("utf-8")


def do_compile() -> None:
    formats = locale_formats()
    if write_if_changed(FORMATS, formats_bytes()):
        print(f"wrote {FORMATS.relative_to(ROOT)}")
    for language in LANGUAGES:
        catalog = read_catalogue(language)
        if write_if_changed(mo_path(language), mo_bytes(catalog)):
            print(f"wrote {mo_path(language).relative_to(ROOT)}")
        if write_if_changed(json_path(language), front_end_json(catalog, language, formats)):
            print(f"wrote {json_path(language).relative_to(ROOT)}")


# ------------------------------------------------------------------------------- check


def problems() -> list[str]:
    """Everything out of date or incomplete, in words (empty: all is well)."""
    found = []
    fresh = extract()
    if not TEMPLATE.exists():
        return [f"{TEMPLATE.relative_to(ROOT)} is missing: run make catalogues"]
    with open(TEMPLATE, "rb") as file:
        template = read_po(file)
    if not same_messages(template, fresh):
        new = sorted(set(_keys(fresh)) - set(_keys(template)), key=str)
        gone = sorted(set(_keys(template)) - set(_keys(fresh)), key=str)
        found.append(
            f"the .pot is out of date ({len(new)} new, {len(gone)} gone, e.g. "
            f"{(new or gone or ['moved'])[0]}): run make catalogues"
        )
    formats = locale_formats()
    if not FORMATS.exists() or FORMATS.read_bytes() != formats_bytes():
        found.append(f"{FORMATS.relative_to(ROOT)} is out of date: run make catalogues")
    for language in LANGUAGES:
        catalog = read_catalogue(language)
        if catalog is None:
            found.append(f"{po_path(language).relative_to(ROOT)} is missing")
            continue
        if set(_keys(catalog)) != set(_keys(fresh)):
            found.append(f"{language}.po does not hold the source's messages: make catalogues")
        todo = [m.id for m in catalog if m.id and (m.fuzzy or not _complete(m))]
        if todo:
            found.append(f"{language}.po: {len(todo)} untranslated or fuzzy, e.g. {todo[0]!r}")
        if not mo_path(language).exists() or mo_path(language).read_bytes() != mo_bytes(catalog):
            found.append(f"{language}.mo is not the compiled .po: run make catalogues")
        fe = front_end_json(catalog, language, formats)
        if not json_path(language).exists() or json_path(language).read_bytes() != fe:
            found.append(f"{language}.json is not the compiled .po: run make catalogues")
    return found


@contextlib.contextmanager
def locked():
    """Hold the catalogues' lock: one writer at a time (read, change and write as one step)."""
    with open(LOCALE / ".lock", "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def do_fill(path: str) -> int:
    """Write translations from a JSON file into the .po files: ``{language: {key: text}}``,
    a key being the msgid (``"context\u0004msgid"`` with a context), a text a string or, for a
    plural, a list of the forms, or ``{"string": text, "comments": [...]}`` to add translator
    comments (``"glossary-exception: deck (a pack of cards)"``). A key the catalogue does not
    hold is reported, not added."""
    with open(path, encoding="utf-8") as file:
        wanted = json.load(file)
    unknown = []
    for language, texts in wanted.items():
        catalog = read_catalogue(language)
        by_key = {}
        for message in catalog:
            if message.id:
                msgid = _msgid(message.id)
                by_key[f"{message.context}\u0004{msgid}" if message.context else msgid] = message
        for key, text in texts.items():
            message = by_key.get(key)
            if message is None:
                unknown.append(f"{language}: {key!r}")
                continue
            if isinstance(text, dict):  # {"string": ..., "comments": ["glossary-exception: ..."]}
                comments = text.get("comments", [])
                message.user_comments = [c for c in message.user_comments if c not in comments]
                message.user_comments.extend(comments)
                text = text["string"]
            message.string = tuple(text) if isinstance(text, list) else text
            message.flags.discard("fuzzy")
        write_if_changed(po_path(language), po_bytes(catalog))
    for line in unknown:
        print(f"not in the catalogue (run make catalogues first?): {line}", file=sys.stderr)
    return 1 if unknown else 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "step",
        nargs="?",
        default="all",
        choices=["all", "extract", "update", "compile", "check", "fill"],
    )
    parser.add_argument("file", nargs="?", help="for fill: the JSON file of translations")
    args = parser.parse_args(argv)
    step = args.step
    if step == "check":
        found = problems()
        for problem in found:
            print(problem, file=sys.stderr)
        return 1 if found else 0
    with locked():
        return _run(step, args.file)


def _run(step: str, file: str | None) -> int:
    if step == "fill":
        if not file:
            print("fill needs a JSON file of translations", file=sys.stderr)
            return 2
        code = do_fill(file)
        do_compile()
        return code
    if step in ("all", "extract", "update"):
        template = do_extract()
        if step != "extract":
            do_update(template)
    if step in ("all", "compile"):
        do_compile()
    if step in ("all", "check"):
        found = problems()
        for problem in found:
            print(problem, file=sys.stderr)
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
