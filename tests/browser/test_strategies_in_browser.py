"""End-to-end: the class builds strategies on twelve phones and the projector runs the
tournament (issue 32), in a real JupyterLab.

The teacher's notebook opens a class (as the lesson's test does: its phones, its projector,
its notebook); the join card's button opens submissions. Twelve phone pages (390 × 844, each
its own browser context: its own student) build twelve different rules through the builder's
own controls: one to three groups ("or when …") of one to three conditions ("and …"), each of
the four kinds, each of the three choices for aces (R11/R12). Lina tries hers first and reads
it in words, what it does in the example positions and its result against the house bot, the
same sentences Python writes for that rule. Three are refused and see why on the builder, and
nothing is kept: a percent out of range typed into the field and an empty name (the phone's
own check), HTML in the name (the kernel's, the rule module's sentence); each then fixes it and
submits. Une submits again, and her second rule replaces her first. The teacher closes
submissions with the same button: every phone folds its form away and shows the rule that
plays, in words (opened again, the form is back with the student's rule). A cell runs
``room.tournament(games=…, seed=…)``: the projector shows the progress, then the ranking,
whose names, order, places and ratings with their intervals (to the precision shown) are those
of ``league(...)`` (sim/league.py) run directly in Python beside this test (in a process of its
own, so its games overlap the browser's work), on the same rules, the house bots and the same
seed; the top two's game is stepped on the projector; every phone shows its own place in that
ranking.
"""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys

import pytest
from harness import REPO, open_notebook, write_notebook
from lesson_support import NAMES, class_cell, phones, projector  # noqa: F401

pytestmark = pytest.mark.slow

# Four games a pair (each player first in two), 17 players (12 rules, 5 house bots): 136
# pairs, about a second of CPU in the kernel and again beside the test. The check is equality
# with the league, which holds at any number of games: few keep the suite quick.
GAMES = 4
SEED = 32

# Each phone's rule as the builder makes it: groups of (kind, typed value) and the aces'
# choice; every name letters and spaces (the rule module's name rules).
P, C, A, N = "pile_at_least", "chance_below", "ahead_after_bank", "near_leader_after_bank"
RULES = [
    {"name": "Stopp på fem", "groups": [[(P, "5")]], "aces": "keep"},
    {"name": "Forsiktig", "groups": [[(C, "40")], [(P, "3"), (A, None)]],
     "aces": "list_when_ahead"},
    {"name": "Modig", "groups": [[(P, "8")]], "aces": "list"},
    {"name": "Fet", "groups": [[(P, "6")], [(N, "2")]], "aces": "keep"},
    {"name": "Tretti", "groups": [[(C, "30")]], "aces": "keep"},
    {"name": "Fire og halv", "groups": [[(P, "4"), (C, "50")]], "aces": "list"},
    {"name": "Foran eller ti", "groups": [[(A, None)], [(P, "10")]], "aces": "keep"},
    {"name": "Une to", "groups": [[(P, "7")]], "aces": "keep"},
    {"name": "Likt", "groups": [[(N, "0"), (P, "3")]], "aces": "list_when_ahead"},
    {"name": "Tre grupper", "groups": [[(C, "60")], [(P, "2")], [(A, None)]], "aces": "keep"},
    {"name": "Tolv", "groups": [[(P, "12")]], "aces": "list"},
    {"name": "Alt på en gang", "groups": [[(C, "45"), (P, "2"), (A, None)]], "aces": "keep"},
]  # fmt: skip
UNE_FIRST = {"name": "Une en", "groups": [[(P, "2")]], "aces": "list"}
NUMBER = {P: "cards", C: "percent", N: "cards"}


def strategy(spec: dict) -> dict:
    """The JSON value a phone sends for ``spec`` (play/strategy_rules.py's shape)."""
    groups = [
        [{"kind": k, **({NUMBER[k]: int(v)} if k in NUMBER else {})} for k, v in group]
        for group in spec["groups"]
    ]
    return {"name": spec["name"], "bank_when": groups, "aces": spec["aces"]}


# The league, run directly in Python (not in the kernel): a process of its own, started when the
# test starts, so its games are played while the browser works.
LEAGUE = """
import json, sys
from borsen_widget.play.strategy_rules import RuleBot, StrategyRule
from borsen_widget.sim.league import league
from borsen_widget.sim.tournament import house_bots

rules, games, seed = json.loads(sys.argv[1])
players = [RuleBot(StrategyRule.from_dict(r)) for r in rules] + house_bots()
table = league(players, games=games, seed=seed).tables()["ratings"]
print(json.dumps([list(row) for row in zip(table.index, table["rating"], table["rating_low"],
                                          table["rating_high"])]))
"""


def start_league(rules: list[dict]) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", LEAGUE, json.dumps([rules, GAMES, SEED])],
        stdout=subprocess.PIPE,
        text=True,
        cwd=REPO,
    )


def shown_round(x: float) -> int:
    """A rating as the projector shows it (JavaScript's Math.round: halves up)."""
    return math.floor(x + 0.5)


def places(ratings: list[float]) -> list[int]:
    """Places best first, equal ratings sharing one (as the tournament ranks)."""
    out: list[int] = []
    for i, r in enumerate(ratings):
        out.append(out[-1] if i and abs(ratings[i - 1] - r) < 1e-9 else i + 1)
    return out


def integer(text: str) -> int:
    """A whole number as a page writes it (a minus sign, spaces for thousands)."""
    text = text.replace("\u2212", "-").replace("\u00a0", "").replace("\u202f", "").strip()
    return int(text)


# ------------------------------------------------------------------ the builder's controls


def enter(phone, name: str) -> None:
    """Join the class by name on a page already on its way to the class's address (the
    lesson's ``join`` without its ``goto``: the twelve pages load at once)."""
    phone.locator(".borsen-join-go:not([disabled])").wait_for()
    phone.locator(".borsen-join-name").fill(name)
    phone.locator(".borsen-join-go").click()
    phone.locator(".borsen-class").wait_for(state="visible")


def tid(name: str) -> str:
    return f'[data-testid="{name}"]'


def build(phone, spec: dict) -> None:
    """Make ``spec`` on the phone's builder through its controls, as a student would: a group
    more by "+ or when …", a condition more by "+ and …", the kind chosen, the number typed;
    then the name and the aces."""
    for g, group in enumerate(spec["groups"]):
        if g and phone.locator(tid(f"cond-{g}-0-kind")).count() == 0:
            phone.locator(tid("builder-add-group")).click()
        for i, (kind, value) in enumerate(group):
            if i and phone.locator(tid(f"cond-{g}-{i}-kind")).count() == 0:
                phone.locator(tid(f"builder-add-{g}")).click()
            select = phone.locator(tid(f"cond-{g}-{i}-kind"))
            if select.input_value() != kind:
                select.select_option(kind)
            if value is not None:
                phone.locator(tid(f"cond-{g}-{i}-value")).fill(value)
    phone.locator(tid("builder-name")).fill(spec["name"])
    phone.locator(tid("builder-aces")).select_option(spec["aces"])


def problem(phone, text: str) -> None:
    """The builder shows ``text`` as what to fix."""
    phone.wait_for_function(
        "(t) => document.querySelector('[data-testid=builder-problem]').textContent === t",
        arg=text,
    )


def saved(phone, name: str) -> None:
    phone.wait_for_function(
        "(t) => document.querySelector('[data-testid=builder-saved]').textContent === t",
        arg=f"Submitted: {name}.",
    )


def kept(kernel) -> dict:
    """Each student's kept strategy and how many times they submitted, from the record."""
    rows = kernel.eval(
        "[{k: r[k] for k in ('student', 'submissions', 'data')} for r in room.record.strategies]"
    )
    return {r["student"]: (json.loads(r["data"]), r["submissions"]) for r in rows}


# Watches the projector's tournament section: every progress line it shows, in order.
WATCH_PROGRESS = """() => {
  window.progressSeen = [];
  const section = document.querySelector('[data-testid=projector-tournament]');
  const look = () => {
    const bar = section.querySelector('.borsen-p-t-progress');
    const text = section.querySelector('.borsen-p-t-count').textContent;
    if (!section.hidden && !bar.hidden && text && window.progressSeen.at(-1) !== text) {
      window.progressSeen.push(text);
    }
  };
  new MutationObserver(look).observe(section, {subtree: true, childList: true,
    characterData: true, attributes: true});
}"""
READ_RANKING = """() => [...document.querySelectorAll(
    '[data-testid=tournament-ranking] li[data-place]')].map((li) => ({
  place: Number(li.dataset.place),
  name: li.querySelector('.borsen-rank-name').textContent,
  rating: li.querySelector('.borsen-p-t-rating').textContent,
  interval: li.querySelector('.borsen-p-t-interval').getAttribute('aria-label'),
  words: (li.querySelector('.borsen-p-t-words') || {}).textContent || '',
}))"""


def run_cell(page, code: str) -> None:
    """A new cell at the notebook's end, run (the teacher types it and presses Shift+Enter)."""
    page.evaluate(
        """async (code) => {
          const app = window.jupyterapp;
          const nb = app.shell.currentWidget.content;
          nb.activeCellIndex = nb.widgets.length - 1;
          await app.commands.execute('notebook:insert-cell-below');
          nb.activeCell.model.sharedModel.setSource(code);
          await app.commands.execute('notebook:run-cell');
        }""",
        code,
    )


def test_twelve_phones_build_strategies_and_the_projector_runs_the_tournament(
    page,
    phones,  # noqa: F811 (lesson_support's fixture)
    projector,  # noqa: F811 (lesson_support's fixture)
    lab,
    kernel_of,
    artifacts,
    tmp_path,
):
    from borsen_widget.classroom.strategies import TRY_GAMES, TRY_SEED
    from borsen_widget.play.strategy_rules import StrategyRule, describe
    from borsen_widget.sim.strategy_trial import examples, try_rule

    rules = [StrategyRule.from_dict(strategy(spec)).to_dict() for spec in RULES]
    league_run = start_league(rules)
    try:
        write_notebook(
            lab.root / "strategies.ipynb",
            [class_cell("record", str(tmp_path / "strategies.jsonl"))],
        )
        kernel = kernel_of(open_notebook(page, lab, "strategies.ipynb"))
        card = page.locator(".borsen-room")
        card.wait_for(state="visible")
        url = kernel.eval("room.url")
        projector.goto(kernel.eval("room.projector_url"))
        projector.locator(".borsen-p-local").wait_for()
        projector.evaluate(WATCH_PROGRESS)
        # Every phone loads at once; then each student types a name, in the order of NAMES.
        for phone in phones:
            phone.goto(url, wait_until="commit")
        for phone, name in zip(phones, NAMES, strict=True):
            enter(phone, name)
        assert kernel.eval("list(room.students)") == NAMES
        for phone in phones:  # closed and nothing submitted: no builder yet
            assert phone.locator(tid("builder")).is_hidden()

        # ------------------------------------------------------------ submissions open
        button = card.locator(tid("card-strategies"))
        assert button.get_attribute("aria-pressed") == "false"
        button.click()
        for phone in phones:
            phone.locator(tid("builder-submit") + ":not([disabled])").wait_for()
        card.locator(tid("card-strategies") + '[aria-pressed="true"]').wait_for()
        lina, max_, ola, siv, une = (phones[i] for i in (0, 1, 2, 3, 7))

        # Lina tries hers first: the rule in words, the example positions and the result
        # against the house bot, each the sentence Python writes for that rule.
        build(lina, RULES[0])
        lina.locator(tid("builder-try")).click()
        lina.locator(tid("builder-tried") + " li").first.wait_for()
        rule = StrategyRule.from_dict(rules[0])
        tried = lina.locator(tid("builder-tried")).inner_text()
        assert describe(rule, "en") in tried, tried
        for x in examples(rule, "en"):
            assert " ".join(x.sentences) in tried
        trial = try_rule(rule, games=TRY_GAMES, seed=TRY_SEED)
        assert trial.say("en") in tried, tried
        assert kept(kernel) == {}  # a try keeps nothing
        lina.locator(tid("builder")).scroll_into_view_if_needed()
        lina.screenshot(path=str(artifacts / "strategies-phone-builder.png"))
        lina.locator(tid("builder-submit")).click()
        saved(lina, RULES[0]["name"])

        # Refused: a percent out of range (the phone's own check, before anything is sent).
        build(max_, RULES[1])
        max_.locator(tid("cond-0-0-value")).fill("150")
        max_.locator(tid("builder-submit")).click()
        problem(max_, "Condition 1 of group 1: the percent is a whole number from 1 to 99.")
        # Refused: no name.
        build(ola, {**RULES[2], "name": ""})
        ola.locator(tid("builder-submit")).click()
        problem(ola, "Give your strategy a name.")
        # Refused by the kernel: HTML in the name (the rule module's sentence, on the builder).
        build(siv, {**RULES[3], "name": "<b>fet</b>"})
        siv.locator(tid("builder-submit")).click()
        problem(siv, "A strategy's name is letters, digits and spaces; choose another.")
        siv.screenshot(path=str(artifacts / "strategies-phone-refused.png"))
        # Une submits a first rule, then another.
        build(une, UNE_FIRST)
        une.locator(tid("builder-submit")).click()
        saved(une, UNE_FIRST["name"])
        # Nothing refused was kept; Lina's and Une's first are.
        before = kept(kernel)
        assert set(before) == {"Lina", "Une"}, before
        assert before["Une"] == (StrategyRule.from_dict(strategy(UNE_FIRST)).to_dict(), 1)

        # The three fix theirs; everyone else builds and submits; Une submits again.
        max_.locator(tid("cond-0-0-value")).fill("40")
        ola.locator(tid("builder-name")).fill(RULES[2]["name"])
        siv.locator(tid("builder-name")).fill(RULES[3]["name"])
        for i, phone in enumerate(phones):
            if i in (1, 2, 3):
                phone.locator(tid("builder-submit")).click()
            elif i not in (0,):
                build(phone, RULES[i])
                phone.locator(tid("builder-submit")).click()
        for phone, spec in zip(phones, RULES, strict=True):
            saved(phone, spec["name"])
            assert phone.locator(tid("builder-problem")).inner_text() == ""
        after = kept(kernel)
        assert {name: after[name][0] for name in NAMES} == dict(zip(NAMES, rules, strict=True))
        assert after["Une"][1] == 2 and after["Lina"][1] == 1
        card.locator("text=12 strategies submitted.").wait_for()

        # ------------------------------------------------------------ submissions close
        button.click()
        for phone, rule_ in zip(phones, rules, strict=True):
            phone.locator(tid("builder-mine")).wait_for()
            assert phone.locator(".borsen-b-form").is_hidden()
            words = phone.locator(tid("builder-mine")).inner_text()
            assert describe(StrategyRule.from_dict(rule_), "en") in words, words
            line = phone.locator(".borsen-b-state").inner_text()
            assert line.startswith("Submissions are closed."), line
        une.screenshot(path=str(artifacts / "strategies-phone-closed.png"))
        # Opened again, the form is back with the student's own rule; then closed for good.
        button.click()
        une.locator(".borsen-b-form").wait_for()
        assert une.locator(tid("builder-name")).input_value() == RULES[7]["name"]
        assert une.locator(tid("cond-0-0-value")).input_value() == "7"
        assert une.locator(tid("builder-mine")).is_hidden()
        button.click()
        for phone in phones:
            phone.locator(".borsen-b-form").wait_for(state="hidden")
        assert kernel.eval("room.close_strategies()['open']") is False

        # ------------------------------------------------------------ the tournament
        run_cell(page, f"shown = room.tournament(games={GAMES}, seed={SEED})\nshown")
        ranking_ = projector.locator(tid("tournament-ranking") + " li[data-place]")
        ranking_.first.wait_for(timeout=60_000)
        seen = projector.evaluate("() => window.progressSeen")
        pairs = math.comb(len(RULES) + 5, 2)
        counts = [re.search(r"(\d+) of (\d+) pairs have played", s) for s in seen]
        counts = [(int(m[1]), int(m[2])) for m in counts if m]
        assert counts and all(total == pairs for _, total in counts), seen
        assert [d for d, _ in counts] == sorted(d for d, _ in counts), seen  # never backwards
        shown = projector.evaluate(READ_RANKING)

        out, _ = league_run.communicate(timeout=120)
        assert league_run.returncode == 0
        expected = json.loads(out)
        assert [r["name"] for r in shown] == [name for name, *_ in expected]
        assert [r["place"] for r in shown] == places([r for _, r, _, _ in expected])
        for row, (name, rating, low, high) in zip(shown, expected, strict=True):
            assert integer(row["rating"]) == shown_round(rating), (name, row, rating)
            label = re.fullmatch(r"Rating (\S+), 95 % interval (\S+) to (\S+)", row["interval"])
            assert label, row["interval"]
            assert [integer(x) for x in label.groups()] == [
                shown_round(rating),
                shown_round(low),
                shown_round(high),
            ], (name, row["interval"], rating, low, high)
        by_name = {spec["name"]: rule_ for spec, rule_ in zip(RULES, rules, strict=True)}
        for row in shown:  # each strategy in words; the house bots have none
            if row["name"] in by_name:
                said = describe(StrategyRule.from_dict(by_name[row["name"]]), "en")
                assert said == row["words"], (said, row)
            else:
                assert row["words"] == "", row
        projector.locator(tid("projector-tournament")).screenshot(
            path=str(artifacts / "strategies-projector-ranking.png")
        )

        # The top two's game, stepped on the projector.
        lines = projector.locator(".borsen-p-t-lines li")
        title = projector.locator("#borsen-p-t-replay-title").inner_text()
        assert shown[0]["name"] in title and shown[1]["name"] in title, title
        assert lines.count() == 0
        for n in (1, 2, 3):
            projector.locator(tid("replay-step")).click()
            assert lines.count() == n
        projector.locator(tid("replay-restart")).click()
        assert lines.count() == 0
        play = projector.locator(tid("replay-play"))
        play.click()
        assert play.get_attribute("aria-pressed") == "true" and lines.count() == 1
        play.click()
        assert play.get_attribute("aria-pressed") == "false"

        # Every phone: its own place in that ranking.
        place_of = {r["name"]: r["place"] for r in shown}
        for phone, spec in zip(phones, RULES, strict=True):
            phone.locator(tid("tournament-you") + " .borsen-b-place").wait_for()
            text = phone.locator(tid("tournament-you") + " .borsen-b-place").inner_text()
            want = f"Your strategy {spec['name']} came in place {place_of[spec['name']]} of "
            assert text.startswith(want + f"{len(shown)},"), (text, want)
        kernel.eval("room.stop()")
    finally:
        if league_run.poll() is None:
            league_run.kill()
            league_run.wait()
