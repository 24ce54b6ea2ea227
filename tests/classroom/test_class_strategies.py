"""Issue 32: the class builds strategies on the phones, and the projector runs the tournament.

Real WebSocket clients on 127.0.0.1 against the real server (see test_classroom.py): phones
submit, resubmit and try strategies while the teacher opens and closes submissions; hostile
strategy messages (huge numbers, wrong types, thousands of conditions, lone surrogates, HTML in
a name) are refused with a notice on that page and change nothing; the record keeps every
submission and the tournament by pseudonym, ``resume=`` brings them back, and the
spreadsheet speaks the teacher's language; a small tournament streams its progress and its
ranking to the projector and each phone its own place.
"""

from __future__ import annotations

import csv
import json

import pytest
from helpers import widget
from support.classroom import DECK, Client, projector, run, settle

from borsen_widget import ThresholdBot
from borsen_widget.classroom import sessions
from borsen_widget.classroom.strategies import TRY_GAP, words_of
from borsen_widget.play.strategy_rules import RuleBot, StrategyRule
from borsen_widget.sim.tournament import tournament

pytest.importorskip("tornado")

FIVE = {"name": "Stopp på fem", "bank_when": [[{"kind": "pile_at_least", "cards": 5}]]}
CAREFUL = {
    "name": "Forsiktig",
    "bank_when": [
        [{"kind": "chance_below", "percent": 40}],
        [{"kind": "pile_at_least", "cards": 3}, {"kind": "ahead_after_bank"}],
    ],
    "aces": "list_when_ahead",
}


def rules_of(room) -> dict:
    """Each student's kept strategy, by name, as the data the record keeps."""
    return {learner.name: rule.to_dict() for learner, rule in room._strategies.players()}


async def joined(room, name: str, accept: str | None = None) -> Client:
    page = await Client.open(room, accept=accept)
    welcome = await page.join(name)
    assert welcome["type"] == "welcome", welcome
    await page.wait(lambda m: m["type"] == "strategies")
    return page


async def submit(page: Client, strategy, intent: str = "strategy_submit") -> dict:
    """Send a strategy; the answer to that request (saved, tried, or a notice)."""
    rid = await page.send(intent=intent, strategy=strategy)
    return await page.wait(lambda m: m.get("request") == rid)


def test_students_submit_resubmit_until_the_teacher_closes_submissions():
    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        lina = await joined(room, "Lina")
        assert lina.last("strategies")["open"] is False
        # Closed: refused politely, nothing kept.
        told = await submit(lina, FIVE)
        assert told["type"] == "notice" and "closed" in told["text"]
        assert rules_of(room) == {}
        shown = room.strategies()
        assert shown["open"] is True and shown["submitted"] == 0
        assert "Submissions are open" in str(shown)
        opened = await lina.wait(lambda m: m["type"] == "strategies" and m["open"])
        assert opened["limits"]["conditions"] == 4 and opened["mine"] is None
        saved = await submit(lina, FIVE)
        assert saved["type"] == "strategy_saved" and saved["name"] == "Stopp på fem"
        assert "5" in " ".join(saved["words"])
        mine = await lina.wait(lambda m: m["type"] == "strategies" and m["mine"])
        assert mine["mine"]["strategy"]["bank_when"] == FIVE["bank_when"]
        # Again, until closed: the new one replaces the old.
        saved = await submit(lina, CAREFUL)
        assert saved["type"] == "strategy_saved"
        assert rules_of(room) == {"Lina": StrategyRule.from_dict(CAREFUL).to_dict()}
        shown = room.close_strategies()
        assert shown["open"] is False and shown["strategies"] == {"Lina": "Forsiktig"}
        await lina.wait(lambda m: m["type"] == "strategies" and not m["open"])
        told = await submit(lina, FIVE)
        assert told["type"] == "notice"
        assert rules_of(room)["Lina"]["name"] == "Forsiktig"
        # The join card's button opens them too (the teacher's widget).
        room.card_request({"intent": "room", "do": "strategies", "on": True})
        assert w.room_card["strategies"]["open"] is True
        assert w.room_card["strategies"]["submitted"] == 1
        room.stop()

    run(scenario)


def test_the_projector_counts_the_submitted_strategies_without_names():
    """The projector is told how many have submitted a strategy while submissions are open,
    at each submission, and never whose."""

    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        screen = await projector(room)
        first = await screen.wait(lambda m: m["type"] == "submissions")
        assert first == {"type": "submissions", "open": False, "submitted": 0, "students": 0}
        lina = await joined(room, "Lina")
        await joined(room, "Ola")
        room.strategies()
        await screen.wait(lambda m: m["type"] == "submissions" and m["open"])
        await submit(lina, FIVE)
        counted = await screen.wait(lambda m: m["type"] == "submissions" and m["submitted"] == 1)
        assert counted == {"type": "submissions", "open": True, "submitted": 1, "students": 2}
        seen = len(screen.messages)
        await submit(lina, CAREFUL)  # again: still one student's strategy
        again = await screen.wait(lambda m: m["type"] == "submissions", since=seen)
        assert again["submitted"] == 1
        assert again["students"] == 2
        counts = [m for m in screen.messages if m["type"] == "submissions"]
        assert all("Lina" not in json.dumps(m) for m in counts)
        seen = len(screen.messages)
        room.close_strategies()
        closed = await screen.wait(
            lambda m: m["type"] == "submissions" and not m["open"], since=seen
        )
        assert closed["submitted"] == 1
        room.stop()

    run(scenario)


HOSTILE = {
    "a huge number": {"name": "Stor", "bank_when": [[{"kind": "pile_at_least", "cards": 10**40}]]},
    "a number as text": {"name": "Tekst", "bank_when": [[{"kind": "pile_at_least", "cards": "5"}]]},
    "a bool as a number": {
        "name": "Sann",
        "bank_when": [[{"kind": "chance_below", "percent": True}]],
    },
    "a float": {"name": "Flyt", "bank_when": [[{"kind": "chance_below", "percent": 40.5}]]},
    "no groups": {"name": "Tom", "bank_when": []},
    "five conditions": {
        "name": "Mange",
        "bank_when": [
            [{"kind": "pile_at_least", "cards": 2}] * 3,
            [{"kind": "ahead_after_bank"}] * 2,
        ],
    },
    "an unknown kind": {"name": "Ukjent", "bank_when": [[{"kind": "peek_at_deck"}]]},
    "HTML in the name": {"name": "<b>fet</b>", "bank_when": [[{"kind": "ahead_after_bank"}]]},
    "a control in the name": {"name": "a\u0007b", "bank_when": [[{"kind": "ahead_after_bank"}]]},
    "an extra key": {"name": "Ekstra", "bank_when": [[{"kind": "ahead_after_bank"}]], "code": 1},
    "not an object": ["Stopp", 5],
    "wrong aces": {"name": "Ess", "bank_when": [[{"kind": "ahead_after_bank"}]], "aces": "eat"},
}


def test_hostile_strategies_are_refused_with_a_notice_and_change_nothing():
    """Huge numbers, wrong types, too many conditions, HTML and controls in a name: a notice
    on that page, in its language, naming its request; nothing kept, no one else told."""

    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        room.strategies()
        lina = await joined(room, "Lina", accept="nb")
        max_ = await joined(room, "Max")
        assert (await submit(max_, FIVE))["type"] == "strategy_saved"
        before = rules_of(room)
        events = len(room.record.events)
        seen_by_max = len(max_.messages)
        for label, strategy in HOSTILE.items():
            for intent in ("strategy_submit", "strategy_try"):
                told = await submit(lina, strategy, intent)
                assert told["type"] == "notice", (label, intent, told)
                assert told["text"] and "<b>" not in told["text"]
                await settle(1 / sessions.RATE)  # within the class's rate of messages
        assert rules_of(room) == before
        assert len(room.record.events) == events
        # Lina's page reads bokmål: the refusals were in it.
        assert lina.last("notice")["text"] != (await submit(max_, HOSTILE["wrong aces"]))["text"]
        assert all(m["type"] != "notice" for m in max_.messages[seen_by_max:-1])
        room.stop()

    run(scenario)


def test_thousands_of_conditions_and_lone_surrogates_are_refused_before_reading():
    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        room.strategies()
        lina = await joined(room, "Lina")
        # A hundred groups: past the page's message limit, under the socket's frame limit.
        many = {"name": "Mange", "bank_when": [[{"kind": "ahead_after_bank"}] * 3] * 100}
        await lina.conn.write_message(
            json.dumps({"intent": "strategy_submit", "strategy": many, "id": "big"})
        )
        assert "too long" in (await lina.wait(lambda m: m["type"] == "notice"))["text"]
        text = json.dumps(
            {"intent": "strategy_submit", "strategy": {**FIVE, "name": "x\ud800"}, "id": "s"}
        )
        seen = len(lina.messages)
        await lina.conn.write_message(text)
        told = await lina.wait(lambda m: m["type"] == "notice", since=seen)
        assert "not understood" in told["text"]
        assert rules_of(room) == {}
        # Through the class's own check too: thousands of conditions in one rule are refused.
        from borsen_widget.classroom.strategies import read_rule
        from borsen_widget.classroom.wire import BadMessage

        with pytest.raises(BadMessage):
            read_rule(
                {
                    "intent": "strategy_submit",
                    "strategy": many | {"bank_when": [[{"kind": "ahead_after_bank"}] * 3] * 1000},
                }
            )
        room.stop()

    run(scenario)


def test_a_try_answers_in_words_off_the_loop_one_at_a_time():
    """The rule in words, its examples and its result against a house bot; a second try
    while the first is worked out, or too soon after it, is told to wait; no seed is sent."""

    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        lina = await joined(room, "Lina", accept="nn")
        first = await lina.send(intent="strategy_try", strategy=CAREFUL)
        second = await lina.send(intent="strategy_try", strategy=FIVE)
        told = await lina.wait(lambda m: m.get("request") == second)
        assert told["type"] == "notice"
        tried = await lina.wait(lambda m: m.get("request") == first, timeout=20)
        assert tried["type"] == "strategy_tried", tried
        assert tried["words"] and len(tried["examples"]) >= 2
        result = tried["result"]
        assert result["text"] and 0 <= result["points"] <= result["games"] == 300
        assert result["low"] <= result["win_rate"] <= result["high"]
        assert {x["action"] for x in tried["examples"]} <= {"draw", "bank"}
        assert "seed" not in json.dumps(tried)
        # Tries are allowed with submissions closed: a student may think before the lesson.
        await settle(TRY_GAP)
        again = await submit(lina, FIVE, "strategy_try")
        assert again["type"] == "strategy_tried"
        assert rules_of(room) == {}  # a try keeps nothing
        room.stop()

    run(scenario, timeout=90)


def test_the_record_keeps_the_strategies_and_resume_brings_them_back(tmp_path):
    path = tmp_path / "lesson.jsonl"

    async def first():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom(record=str(path))
        room.strategies()
        lina = await joined(room, "Lina")
        max_ = await joined(room, "Max")
        await submit(lina, FIVE)
        await submit(max_, CAREFUL)
        await submit(lina, CAREFUL | {"name": "Andre forsøk"})
        room.stop()

    async def second():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom(resume=str(path))
        assert rules_of(room) == {
            "Lina": StrategyRule.from_dict(CAREFUL | {"name": "Andre forsøk"}).to_dict(),
            "Max": StrategyRule.from_dict(CAREFUL).to_dict(),
        }
        lina = await joined(room, "Lina")
        mine = lina.last("strategies")
        assert mine["open"] is True and mine["mine"]["strategy"]["name"] == "Andre forsøk"
        rows = room.record.strategies
        assert [(r["student"], r["submissions"]) for r in rows] == [("Lina", 2), ("Max", 1)]
        room.stop()

    run(first)
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    kept = [x for x in lines if x["type"] == "strategy"]
    assert len(kept) == 3 and all("name" not in x for x in kept)  # by learner key only
    run(second)


def test_the_strategies_spreadsheet_is_in_the_teachers_language_with_pseudonyms(tmp_path):
    async def scenario():
        w = widget(deck=DECK, pile="7S", language="nb")
        room = w.classroom()
        room.strategies()
        lina = await joined(room, "Lina")
        await submit(lina, FIVE)
        plain = room.record.strategies_to_csv(tmp_path / "plain.csv")
        excel = room.record.strategies_to_csv(tmp_path / "excel.csv", excel=True)
        room.stop()
        return plain, excel

    plain, excel = run(scenario)
    with open(plain, encoding="utf-8-sig", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert rows[0]["student"] == "S01" and rows[0]["strategy"] == "Stopp på fem"
    assert json.loads(rows[0]["data"])["bank_when"] == FIVE["bank_when"]
    with open(excel, encoding="utf-8-sig", newline="") as handle:
        head, row = list(csv.reader(handle, delimiter=";"))
    assert head[0] == "Elev" and "Lina" not in row and row[0] == "S01"
    assert "Strategi" in head


def test_a_small_tournament_streams_to_the_projector_and_tells_each_phone_its_place(tmp_path):
    path = tmp_path / "lesson.jsonl"

    async def scenario():
        w = widget(deck=DECK, pile="7S", language="nb")
        room = w.classroom(record=str(path))
        screen = await projector(room)
        room.strategies()
        lina = await joined(room, "Lina")
        max_ = await joined(room, "Max", accept="nn")
        ola = await joined(room, "Ola")  # submits nothing
        await submit(lina, FIVE)
        await submit(max_, CAREFUL)
        room.close_strategies()
        shown = room.tournament(games=4, bots=[ThresholdBot(3)], seed=7)
        assert "pågår" in str(shown) or "running" in repr(shown)
        await shown
        assert shown.result is not None and len(shown.rows) == 3
        done = await screen.wait(lambda m: m["type"] == "tournament" and m["state"] == "done")
        assert [r["place"] for r in done["ranking"]] == sorted(r["place"] for r in done["ranking"])
        names = {r["name"] for r in done["ranking"]}
        assert names == {"Stopp på fem", "Forsiktig", "ThresholdBot(3)"}
        assert all(r["low"] <= r["rating"] <= r["high"] for r in done["ranking"])
        assert "Lina" not in json.dumps(done) and "Max" not in json.dumps(done)
        replay = done["replay"]
        assert len(replay["players"]) == 2 and set(replay["players"]) <= names
        assert replay["lines"] and all(line["text"] for line in replay["lines"])
        assert any(r["words"] for r in done["ranking"] if not r["bot"])
        running = [m for m in screen.messages if m.get("state") == "running"]
        assert running[-1]["total"] == 3  # three players: three pairs
        # The same ranking as the tournament played directly, same players, games and seed.
        direct = tournament(
            [RuleBot(StrategyRule.from_dict(x)) for x in (FIVE, CAREFUL)] + [ThresholdBot(3)],
            games=4,
            seed=7,
        )
        assert [(r["name"], r["place"]) for r in done["ranking"]] == [
            (r["name"], r["place"]) for r in direct.rows()
        ]
        mine = await lina.wait(lambda m: m["type"] == "tournament" and m["state"] == "done")
        assert mine["you"]["name"] == "Stopp på fem" and mine["you"]["players"] == 3
        assert mine["you"]["text"]
        theirs = await max_.wait(lambda m: m["type"] == "tournament" and m["state"] == "done")
        assert theirs["you"]["name"] == "Forsiktig"
        nothing = await ola.wait(lambda m: m["type"] == "tournament" and m["state"] == "done")
        assert nothing["you"] is None
        assert "1." in str(shown)
        # A second screen opened now is shown the last ranking at once.
        late = await projector(room)
        await late.wait(lambda m: m["type"] == "tournament" and m["state"] == "done")
        room.stop()

    run(scenario, timeout=120)
    events = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    (played,) = [e for e in events if e["type"] == "tournament"]
    assert played["games"] == 4 and played["seed"] == 7
    assert {r["learner"] for r in played["ranking"]} == {"s1", "s2", None}

    async def resumed():
        w = widget(deck=DECK, pile="7S", language="nb")
        room = w.classroom(resume=str(path))
        # The strategies' table has each student's place and rating from the tournament.
        rows = {r["student"]: r for r in room.record.strategies}
        assert rows["Lina"]["place"] is not None and rows["Max"]["rating"] is not None
        screen = await projector(room)
        again = await screen.wait(lambda m: m["type"] == "tournament")
        assert again["state"] == "done" and len(again["ranking"]) == 3
        lina = await Client.open(room)
        await lina.join("Lina")
        mine = await lina.wait(lambda m: m["type"] == "tournament")
        assert mine["you"]["name"] == "Stopp på fem"
        room.stop()

    run(resumed)


def test_a_tournament_needs_two_players_and_runs_one_at_a_time():
    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        with pytest.raises(ValueError, match="two players"):
            room.tournament(bots=[])
        with pytest.raises(ValueError, match="games"):
            room.tournament(games=0)
        shown = room.tournament(games=2, bots=[ThresholdBot(2), ThresholdBot(5)])
        with pytest.raises(ValueError, match="running"):
            room.tournament(games=2, bots=[ThresholdBot(2), ThresholdBot(5)])
        assert await shown is shown and shown.result is not None
        # A notebook's next cell may read the result before the end: it waits for it.
        screen = await projector(room)
        second = room.tournament(games=40, bots=[ThresholdBot(2), ThresholdBot(5)], seed=2)
        assert second.result.games == 40 and second.rows is not None and second.finished
        await screen.wait(lambda m: m.get("state") == "running")
        began = next(i for i, m in enumerate(screen.messages) if m.get("state") == "running")
        done = await screen.wait(lambda m: m.get("state") == "done", since=began)
        assert [r["name"] for r in done["ranking"]] == [r["name"] for r in second.rows]
        room.stop()

    run(scenario, timeout=60)


def test_the_class_answers_other_phones_while_a_try_is_worked_out(monkeypatch):
    """A try is worked out on a thread of its own: while its games run (held here until the
    test lets them go, so the order is the test's, not the clock's), another student joins
    and is welcomed; then the try is answered."""
    import threading

    from borsen_widget.classroom import strategies

    started, release = threading.Event(), threading.Event()
    real = strategies._tried

    def held(rule):
        started.set()
        assert release.wait(30)
        return real(rule)

    monkeypatch.setattr(strategies, "_tried", held)

    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        lina = await joined(room, "Lina")
        rid = await lina.send(intent="strategy_try", strategy=CAREFUL)
        while not started.is_set():  # the games have begun on the try's thread
            await settle(0.01)
        max_ = await Client.open(room)
        welcome = await max_.join("Max")
        assert welcome["type"] == "welcome"
        assert not any(m.get("request") == rid for m in lina.messages)  # still working
        release.set()
        tried = await lina.wait(lambda m: m.get("request") == rid, timeout=60)
        assert (
            tried["type"] == "strategy_tried" and tried["result"]["games"] == strategies.TRY_GAMES
        )
        room.stop()

    run(scenario, timeout=120)


def test_a_try_done_after_a_reload_reaches_the_students_new_page(monkeypatch):
    """A try's answer goes to the student's page when the games end, not to the page that
    asked: Lina asks on an English page, reloads (the old page closes, a new one joins with
    her session and reads nynorsk) while the games run; the answer comes to the new page, in
    nynorsk, for her request. A second reload on another tab (the older page told it has
    left) is followed the same way."""
    import threading

    from borsen_widget.classroom import strategies

    release = threading.Event()
    real = strategies._tried

    def held(rule):  # the games wait for the reload: the order is the test's, not the clock's
        assert release.wait(30)
        return real(rule)

    monkeypatch.setattr(strategies, "_tried", held)

    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        old = await Client.open(room, accept="en")
        session = (await old.join("Lina"))["session"]
        rid = await old.send(intent="strategy_try", strategy=CAREFUL)
        await old.close()
        new = await Client.open(room, accept="nn")
        assert (await new.join("", session=session))["type"] == "welcome"
        release.set()
        tried = await new.wait(lambda m: m.get("request") == rid, timeout=20)
        assert tried["type"] == "strategy_tried", tried
        assert "fekk regelen din" in tried["result"]["text"], tried["result"]["text"]
        assert not any(m.get("request") == rid for m in old.messages)

        # Another tab takes over while a second try runs: the newest page hears it.
        release.clear()
        await settle(TRY_GAP)
        rid = await new.send(intent="strategy_try", strategy=FIVE, id="again")
        third = await Client.open(room, accept="en")
        assert (await third.join("", session=session))["type"] == "welcome"
        release.set()
        tried = await third.wait(lambda m: m.get("request") == rid, timeout=20)
        assert tried["type"] == "strategy_tried"
        assert tried["result"]["text"].startswith("Against ThresholdBot(4)")
        assert not any(
            m.get("request") == rid and m["type"] == "strategy_tried" for m in new.messages
        )
        room.stop()

    run(scenario, timeout=60)


def test_a_phone_that_switches_language_hears_its_strategy_in_the_new_one():
    """The submitted rule's words are sentences made in Python for the page's language: a
    phone that switches language gets them again, as it gets the view again."""

    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        lina = await joined(room, "Lina")
        room.strategies()
        saved = await submit(lina, FIVE)
        english = saved["words"]
        before = len(lina.messages)
        await lina.speak("nn")
        told = await lina.wait(lambda m: m["type"] == "strategies" and m["mine"], since=before)
        assert told["mine"]["words"] == words_of(StrategyRule.from_dict(FIVE), "nn")
        assert told["mine"]["words"] != english
        room.stop()

    run(scenario)


def test_strategies_whose_names_look_alike_play_under_names_told_apart():
    """Two strategies named alike (the same name, or one with a Cyrillic о, or another case)
    are told apart on the ranking as the class tells students' names apart: the later one is
    "(2)", "(3)"; a name like a house bot's too."""
    tolv = {"name": "Tolv", "bank_when": [[{"kind": "pile_at_least", "cards": 12}]]}

    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        room.strategies()
        for student, name in (("Lina", "Tolv"), ("Max", "T\u043elv"), ("Ola", "TOLV")):
            page = await joined(room, student)
            assert (await submit(page, {**tolv, "name": name}))["type"] == "strategy_saved"
        page = await joined(room, "Siv")
        await submit(page, {**tolv, "name": "thresholdbot(3)"})
        room.close_strategies()
        shown = room.tournament(games=2, bots=[ThresholdBot(3)])
        await shown
        names = sorted(r["name"] for r in shown.rows)
        assert names == sorted(
            ["Tolv", "T\u043elv (2)", "TOLV (3)", "thresholdbot(3) (2)", "ThresholdBot(3)"]
        )
        room.stop()

    run(scenario, timeout=60)
