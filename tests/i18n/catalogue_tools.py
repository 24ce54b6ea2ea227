"""The catalogue script (``scripts/catalogues.py``) as a module for the tests, and the shipped
catalogues read with Babel (a developer tool: these tests need the ``dev`` extra); the bokmål
forms a nynorsk text must not use (tests/i18n/test_catalogues.py checks the catalogue,
tests/notebooks/test_nynorsk_forms.py the nynorsk lessons and pages)."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_script():
    if "catalogues_script" in sys.modules:
        return sys.modules["catalogues_script"]
    spec = importlib.util.spec_from_file_location(
        "catalogues_script", ROOT / "scripts" / "catalogues.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["catalogues_script"] = module
    spec.loader.exec_module(module)
    return module


#: Bokmål forms, and the rejected one of each pair nynorsk allows, that the nynorsk catalogue
#: does not use (issue 31: *svarer*, *speler*, *ukjent*, *ein turnering* …), with the form it
#: uses instead. One form of each pair throughout: spelar, spelt, vart, vorte, godkjent (plural
#: godkjende), ukjend, del, røyst, først, viss, gi, verdt, hende.
BOKMAL_IN_NYNORSK = {
    "ikke": "ikkje",
    "jeg": "eg",
    "hva": "kva",
    "hvem": "kven",
    "hvor": "kvar, kor",
    "hvordan": "korleis",
    "hvorfor": "kvifor",
    "hver|hvert": "kvar, kvart",
    "dere": "de",
    "kortene": "korta",
    "reglene": "reglane",
    "hvilken|hvilke|hvilket": "kva for",
    "hvis": "viss",
    "dersom": "viss",
    "fra": "frå",
    "mye": "mykje",
    "noe": "noko",
    "noen": "nokon",
    "bare": "berre",
    "selv": "sjølv",
    "ble|blei": "vart",
    "blitt": "vorte",
    "spill|spillet|spiller|spillere|spilleren|spillerne": "spel, spelar",
    "speler": "spelar",
    "spela": "spelt (spele, spelar, spelte, spelt)",
    "svarer": "svarar",
    "lønner": "løner",
    "loddtrekning": "loddtrekking",
    "ukjent": "ukjend",
    "godkjend": "godkjent",
    "andel|andelen|andelar": "del",
    "stemme|stemmen|stemmer": "røyst",
    "skjedd": "hendt",
    "allerede": "allereie, alt",
    "ennå": "enno",
    "fortsatt": "framleis",
    "derfor": "difor",
    "mens": "medan",
    "uten": "utan",
    "samme": "same",
    "sammen": "saman",
    "også": "òg",
    "siden": "sidan, sida",
    "annen|annet": "annan, anna",
    "dem": "dei",
    "mulig|mulige": "mogleg",
    "antall": "talet på",
    "gjøre|gjør": "gjere, gjer",
    "videre": "vidare",
    "kommer|komme": "kjem, kome",
    "enhet": "eining",
    "gje": "gi",
    "fyrst": "først",
    "verd": "verdt",
    "sannsynlighet|sannsynligheten|sannsynligheter": "sannsyn",
    "venter": "ventar (wait; an expected value is «rekne med»)",
    "ein turnering": "ei turnering",
    "ein byrjing": "ei byrjing",
    "betinga sannsyn": "vilkårsbunde sannsyn",
}


def bokmal_forms(text):
    """The forms of :data:`BOKMAL_IN_NYNORSK` in ``text`` (whole words, placeholders aside)."""
    words = re.sub(r"\{[^{}]*\}", " ", text)
    return [form for form in BOKMAL_IN_NYNORSK if re.search(rf"\b({form})\b", words, re.IGNORECASE)]
