"""The rules pages state every option's default as ``engine/options.py`` declares it.

The options of ``Rules`` (RULES.md §2) are declared once, in :data:`OPTIONS`. The rules pages
(docs/rules.md in English, docs/nb/rules.md, docs/nn/rules.md) write their defaults out by
hand, so each page is read here the way a reader reads it, and every value it states is held
to the declaration. The rule, for each page:

1. **The table.** Its last column ("option of ``Rules(...)`` (default first)") states the
   defaults as ``name=value``. Every such statement names a declared option, stands in the
   row of that option's rule (``players`` in R1, ``max_turns`` in R14a, three options in R9),
   and its value, read as a Python literal, *is* the declared default. No option is stated
   twice, and a name the declaration does not have fails (an option documented but gone).
2. **Every option is there.** Every declared option that is not a house rule appears in the
   row of its rule with its default stated: ``name=value``, except the shares (R9), whose cell
   names ``ace_shares`` and whose default the R9 rule itself writes out as
   ``♠ 1/2, ♥ 1/3, ♣ 1/4, ♦ 1/5`` (read and compared, suit by suit). The two house rules
   (``accept_rule`` for R5, ``loot_rule`` for R9: Python functions, default ``None``, that is
   no house rule) are introduced under "House rules as code" by their signatures, and the
   table states no default for them (a ``name=value`` for them would be held to ``None``).
3. **The values offered.** Where a cell offers other values of an option (``"next"``,
   ``"leader"`` …), each is a legal value; a choice option offers every one of its values, a
   seat option names its values and seats, a limit names ``None`` (no limit). A range a cell
   gives right after the default, ``(2–8)``, is the declared range; the options whose values
   are a short list a teacher picks from (the editor's select: ``Option.control ==
   "choice"``) must give it.
4. **The prose.** Where the words of the page state a value that is an option's default, they
   are read too: the aces' shares in words in the opening paragraph (a half for ♠ …, R9);
   whom an ace robs, in the opening paragraph and in R9, in the option's own words
   (``Option.say``: "the player before"); where the loot goes, in R9 (the option's words);
   the ace limit, "at most two", in the opening paragraph and in R12; and the largest turn cap,
   "at most a billion", in the details (R14a).

A rule's own sentence for a yes-or-no option (R5's "equal counts", R8's "ends your turn",
R14's last bank) is the rule, not a value: its table cell (``equal_accepted=True``) is what is
held here, and the engine's worked examples (tests/engine/test_examples.py) hold the rule.
docs/shared/reference/widget.md's generated options table is held by
tests/engine/test_options.py; no other page states an option's default.
"""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from pathlib import Path

import pytest

from borsen_widget.engine.cards import SUIT_SYMBOLS, SUITS
from borsen_widget.engine.options import OPTION, OPTIONS
from borsen_widget.engine.shares import AceShares

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = {"en": DOCS / "rules.md", "nb": DOCS / "nb" / "rules.md", "nn": DOCS / "nn" / "rules.md"}
LANGUAGES = tuple(PAGES)

#: How each page says "at most".
AT_MOST = {"en": "at most", "nb": "høyst", "nn": "høgst"}
#: The numbers the pages write in words: only these are read, so a number written otherwise
#: fails as unread rather than passing unchecked.
NUMBER_WORDS = {
    "en": {"one": 1, "two": 2, "three": 3, "four": 4, "a billion": 10**9},
    "nb": {"ett": 1, "én": 1, "to": 2, "tre": 3, "fire": 4, "en milliard": 10**9},
    "nn": {"eitt": 1, "éin": 1, "to": 2, "tre": 3, "fire": 4, "ein milliard": 10**9},
}
#: The shares the opening paragraph writes in words (R9), read the same way.
SHARE_WORDS = {
    "en": {
        "all": Fraction(1),
        "a half": Fraction(1, 2),
        "a third": Fraction(1, 3),
        "a quarter": Fraction(1, 4),
        "a fifth": Fraction(1, 5),
    },
    "nb": {
        "alt": Fraction(1),
        "halvparten": Fraction(1, 2),
        "en tredel": Fraction(1, 3),
        "en firedel": Fraction(1, 4),
        "en femdel": Fraction(1, 5),
    },
    "nn": {
        "alt": Fraction(1),
        "halvparten": Fraction(1, 2),
        "ein tredel": Fraction(1, 3),
        "ein firedel": Fraction(1, 4),
        "ein femdel": Fraction(1, 5),
    },
}
#: "robs" (R9) and "goes straight into" (the loot, R9) on each page.
ROBS = {"en": "robs", "nb": "raner", "nn": "ranar"}
GOES_INTO = {"en": "goes straight into", "nb": "går rett inn i", "nn": "går rett inn i"}
#: The heading of the house rules' section (R5's and R9's functions).
HOUSE_RULES_HEADING = {
    "en": "### House rules as code",
    "nb": "### Husregler som kode",
    "nn": "### Husreglar som kode",
}
#: The heading of the details section (R14a's largest cap is stated there).
DETAILS = {
    "en": "## Details the engine decides",
    "nb": "## Det motoren avgjør",
    "nn": "## Det motoren avgjer",
}


def page(language: str) -> str:
    return PAGES[language].read_text(encoding="utf-8")


def one_line(text: str) -> str:
    """The text with its line breaks and runs of spaces as one space (prose is wrapped)."""
    return re.sub(r"\s+", " ", text)


def table(language: str) -> dict[str, tuple[str, str]]:
    """The numbered rules' table: rule number → (the rule's text, the option cell)."""
    rows = {}
    for line in page(language).splitlines():
        match = re.fullmatch(r"\| (R\d+a?) \| (.*) \| (.*) \|", line)
        if match:
            number, rule, cell = match.groups()
            assert " | " not in rule and " | " not in cell, f"{language}: {number} has 4 cells"
            assert number not in rows, f"{language}: {number} twice"
            rows[number] = (rule, cell)
    assert rows, f"{PAGES[language]}: no table of the numbered rules"
    return rows


def section(language: str, heading: str) -> str:
    """The text under ``heading`` (a whole heading line), up to the next ``## `` heading."""
    text = page(language)
    assert heading + "\n" in text, f"{PAGES[language]} has no {heading!r}"
    return text.split(heading + "\n", 1)[1].split("\n## ", 1)[0]


def opening_paragraph(language: str) -> str:
    """The game in a paragraph: the page's first ``## `` section."""
    return one_line(page(language).split("\n## ", 2)[1].split("\n", 1)[1])


def literal(text: str, where: str):
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        pytest.fail(f"{where}: {text!r} is not a Python value")


def statements(cell: str, where: str) -> list[tuple[str, bool, object, str]]:
    """The options a cell names, in order: (name, stated?, the value stated or None, the text
    after the name up to the next option, where its other values are offered)."""
    spans = list(re.finditer(r"`([^`]*)`", cell))
    named = []
    for index, span in enumerate(spans):
        code = span.group(1)
        match = re.fullmatch(r"([a-z_]+)=(.+)", code)
        if match:
            named.append((index, match.group(1), True, literal(match.group(2), where)))
        elif re.fullmatch(r"[a-z_]+", code) and (code in OPTION or "_" in code):
            named.append((index, code, False, None))
    found = []
    for number, (index, name, stated, value) in enumerate(named):
        end = named[number + 1][0] if number + 1 < len(named) else len(spans)
        start = spans[index].end()
        stop = spans[end].start() if end < len(spans) else len(cell)
        found.append((name, stated, value, cell[start:stop]))
    return found


def offered(rest: str, where: str) -> list:
    """The other values a cell offers for one option: its code spans, as Python values."""
    return [literal(code, where) for code in re.findall(r"`([^`]*)`", rest)]


def same_value(option, value) -> bool:
    if option.kind == "shares":
        return AceShares(value) == AceShares(option.default)
    return value == option.default and type(value) is type(option.default)


def stated_number(text: str, language: str, where: str) -> int:
    """The number written in words right after "at most" in ``text``."""
    words = "|".join(map(re.escape, sorted(NUMBER_WORDS[language], key=len, reverse=True)))
    match = re.search(rf"\b{AT_MOST[language]} ({words})\b", text)
    assert match, f"{where}: no «{AT_MOST[language]} <a number in words>»"
    return NUMBER_WORDS[language][match.group(1)]


def words_of(option, language: str) -> dict[str, object]:
    """Each value of a choice option as the option itself says it in ``language``."""
    return {option.say(value, language): value for value in option.choices}


def stated_choice(option, text: str, before: str, language: str, where: str):
    """The value of ``option`` the words after ``before`` in ``text`` name."""
    words = words_of(option, language)
    alternatives = "|".join(map(re.escape, sorted(words, key=len, reverse=True)))
    match = re.search(rf"\*?{re.escape(before)}\*? ({alternatives})\b", text)
    assert match, f"{where}: «{before} …» names none of {sorted(words)} ({option.name})"
    return words[match.group(1)]


# ---------------------------------------------------------------- 1. and 2.: the table


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_default_the_table_states_is_the_declared_one(language):
    seen = set()
    for number, (_rule, cell) in table(language).items():
        where = f"{PAGES[language].relative_to(DOCS)} {number}"
        for name, stated, value, _rest in statements(cell, where):
            assert name in OPTION, f"{where}: `{name}` is not an option of engine/options.py"
            option = OPTION[name]
            assert option.rule == number, f"{where}: `{name}` belongs to {option.rule}"
            assert name not in seen, f"{where}: `{name}` stated twice"
            seen.add(name)
            if stated:
                assert same_value(option, value), (
                    f"{where}: the page says {name}={value!r}, "
                    f"engine/options.py declares {option.default!r}"
                )


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_every_option_is_in_its_rules_row_with_its_default(language, option):
    rows = table(language)
    where = f"{PAGES[language].relative_to(DOCS)} {option.rule}"
    if option.kind == "function":
        # A house rule: no function by default, introduced under "House rules as code".
        assert option.default is None
        house = section(language, HOUSE_RULES_HEADING[language])
        assert f"`{option.name}(" in house, f"{where}: {option.name} is not a house rule here"
        return
    assert option.rule in rows, f"{where}: no row {option.rule}"
    rule, cell = rows[option.rule]
    found = {name: (stated, value) for name, stated, value, _ in statements(cell, where)}
    assert option.name in found, f"{where}: `{option.name}` is not in its rule's row"
    stated, value = found[option.name]
    if option.kind == "shares":
        # The rule writes the default shares out: ♠ 1/2, ♥ 1/3, ♣ 1/4, ♦ 1/5.
        pattern = ", ".join(rf"{symbol} (\d+(?:/\d+)?)" for symbol in SUIT_SYMBOLS)
        match = re.search(pattern, rule)
        assert match, f"{where}: the rule does not write the shares out as «♠ a, ♥ b, ♣ c, ♦ d»"
        shares = {suit: Fraction(share) for suit, share in zip(SUITS, match.groups(), strict=True)}
        assert AceShares(shares) == AceShares(option.default), (
            f"{where}: the page's shares {shares} are not the declared {option.default}"
        )
    else:
        assert stated, f"{where}: `{option.name}` without its default (`{option.name}=…`)"
        assert same_value(option, value), f"{where}: {option.name}={value!r}"


# ---------------------------------------------------------------- 3.: the values offered


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_values_the_table_offers_are_the_declared_ones(language):
    for number, (_rule, cell) in table(language).items():
        where = f"{PAGES[language].relative_to(DOCS)} {number}"
        for name, stated, value, rest in statements(cell, where):
            option = OPTION[name]
            others = offered(rest, where)
            values = [value, *others] if stated else others
            for other in values:
                if option.kind in ("choice", "seat"):
                    assert any(other == c and type(other) is type(c) for c in option.choices), (
                        f"{where}: {name} offers {other!r}, not one of {option.choices}"
                    )
                elif option.kind == "limit":
                    assert other is None or option.check(other) == other, (where, other)
            if option.kind in ("choice", "seat"):
                missing = [c for c in option.choices if c not in values]
                assert not missing, f"{where}: {name} does not offer {missing}"
            if option.kind == "seat":
                assert re.search(r"seat|plass", rest), f"{where}: {name}: a seat is not named"
            if option.kind == "limit":
                assert None in others, f"{where}: {name} does not offer `None` (no limit)"
            span = re.match(r"\s*\((\d+)–(\d+)", rest)
            if option.kind in ("count", "limit") and (span or option.control == "choice"):
                assert span, f"{where}: {name} without its range ({option.low}–{option.high})"
                assert (int(span[1]), int(span[2])) == (option.low, option.high), (
                    f"{where}: {name}'s range is {span[1]}–{span[2]} on the page, "
                    f"{option.low}–{option.high} declared"
                )


# ---------------------------------------------------------------- 4.: the prose


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_opening_paragraph_says_the_default_shares_target_and_limit(language):
    where = f"{PAGES[language].relative_to(DOCS)}, the game in a paragraph"
    text = opening_paragraph(language)
    words = "|".join(map(re.escape, sorted(SHARE_WORDS[language], key=len, reverse=True)))
    shares = {}
    for suit, symbol in zip(SUITS, SUIT_SYMBOLS, strict=True):
        match = re.search(rf"\b({words}) for {symbol}", text)
        assert match, f"{where}: no «<a share in words> for {symbol}»"
        shares[suit] = SHARE_WORDS[language][match.group(1)]
    default = OPTION["ace_shares"].default
    assert AceShares(shares) == AceShares(default), f"{where}: {shares}, declared {default}"
    robs = stated_choice(OPTION["rob_target"], text, ROBS[language], language, where)
    assert robs == OPTION["rob_target"].default, f"{where}: an ace robs {robs!r}"
    limit = stated_number(text, language, where)
    assert limit == OPTION["max_bank_aces"].default, f"{where}: at most {limit} aces"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_own_words_say_the_default_target_loot_and_limit(language):
    rows = table(language)
    where = f"{PAGES[language].relative_to(DOCS)} R9"
    rule = rows["R9"][0]
    robs = stated_choice(OPTION["rob_target"], rule, ROBS[language], language, where)
    assert robs == OPTION["rob_target"].default, f"{where}: an ace robs {robs!r}"
    loot = stated_choice(OPTION["loot_to"], rule, GOES_INTO[language], language, where)
    assert loot == OPTION["loot_to"].default, f"{where}: the loot goes to {loot!r}"
    where = f"{PAGES[language].relative_to(DOCS)} R12"
    limit = stated_number(rows["R12"][0], language, where)
    assert limit == OPTION["max_bank_aces"].default, f"{where}: at most {limit} aces"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_details_say_the_largest_turn_cap(language):
    """R14a: ``max_turns`` is at most :data:`~borsen_widget.engine.options.MAX_TURNS`."""
    where = f"{PAGES[language].relative_to(DOCS)}, details"
    text = one_line(section(language, DETAILS[language]))
    sentence = re.search(r"`max_turns` (?:is|er) [^;.]*", text)
    assert sentence, f"{where}: does not say how large `max_turns` may be"
    assert stated_number(sentence.group(0), language, where) == OPTION["max_turns"].high
