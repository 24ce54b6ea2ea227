"""Issue 22: a lesson that measures learning. The teacher poses questions about the position on
the table (``room.ask``), phones answer, ``room.reveal()`` shows the exact answer and every
student's points; the lesson's record, its CSV with pseudonyms, its file and resume; the
projector page; moderation; the seat that waits for the reveal; no question on forced moves.

Real WebSocket clients on 127.0.0.1 against the real server (see test_classroom.py). The exact
answers are checked against brute force over the deck's cards (R5, R9), the points against
the scoring rule computed again here from the record.
"""

from __future__ import annotations

import asyncio
import csv
import json
import math
import pathlib
from fractions import Fraction

import pytest
from helpers import examples, position, widget
from hypothesis import given, settings
from hypothesis import strategies as st
from support.classroom import DECK, TIMEOUT, Client, projector, run, settle

from borsen_widget import Game, Rules
from borsen_widget.classroom import scoring
from borsen_widget.classroom.asking import MORE_SECONDS, MORE_TIMES
from borsen_widget.classroom.lesson import Lesson, LessonFileError
from borsen_widget.classroom.student_names import fold
from borsen_widget.classroom.wire import BadMessage

tornado = pytest.importorskip("tornado")
from tornado import httpclient, websocket  # noqa: E402

# ---------------------------------------------------------------------------- exact answers


def brute_truths(game: Game) -> dict:
    """The chance, count and expected cards of one more draw, by playing each card left."""
    accepted = total = banked = 0
    for card, copies in game.deck_counts().items():
        g = Game.from_json(game.to_json())
        g.put_on_top(card)
        player = g.current_player
        start = len(g.log)
        g.draw()
        if (
            g.current_player == player
            and g.phase == "play"
            and "bank" in map(str, g.legal_actions())
        ):
            g.bank()
        # The cards the turn banks (R8), and an ace's loot when it goes to the bank (R9),
        # before any ace is listed (R12): what "banks" means in the question.
        new = g.log[start:]
        took = sum(len(e.cards) for e in new if e.kind == "bank" and e.player == player)
        if game.rules.loot_to == "bank":
            took += sum(len(e.cards) for e in new if e.kind == "rob" and e.player == player)
        ok = new[0].kind == "draw" and new[1].kind == "accept"
        accepted += copies * ok
        total += copies
        banked += copies * took
    return {
        "chance": Fraction(accepted, total),
        "count": accepted,
        "expected": Fraction(banked, total),
    }


@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 10_000), st.integers(1, 12))
def test_the_exact_answers_agree_with_playing_every_card_left(seed, moves):
    """R5 and R9: the chance and count of accepted cards and the cards one more draw banks
    are what playing each card left on top of the deck gives (aces' loot included)."""
    from borsen_widget import ThresholdBot

    game = Game(Rules(players=3), seed=seed)
    bot = ThresholdBot(3)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(bot.choose(game))
    if not scoring.is_question_time(game):
        return
    brute = brute_truths(game)
    for kind in ("chance", "count", "expected"):
        assert scoring.truth_of(kind, game).value == brute[kind], kind


def test_no_question_on_a_forced_move_or_the_aces_decision():
    """R4: an empty pile must be drawn on: nothing to ask."""
    game = position(deck=DECK, pile="")
    assert not scoring.is_question_time(game)
    with pytest.raises(ValueError, match="nothing to decide"):
        scoring.truth_of("chance", game)


def test_a_choice_is_scored_against_the_proven_best_choice():
    game = position(deck=DECK, pile="7S")  # 2 of 11 accepted: banking is best
    truth = scoring.truth_of("choice", game)
    assert truth.value == "bank"
    assert scoring.points("bank", truth) == 100 and scoring.points("draw", truth) == 0
    either = scoring.Truth("choice", "either")
    assert scoring.points("draw", either) == scoring.points("bank", either) == 100


# ---------------------------------------------------------------------------- scores


@settings(max_examples=examples(100), deadline=None)
@given(st.integers(0, 52), st.integers(0, 52), st.integers(0, 52))
def test_a_count_scores_by_its_error_on_a_quarter_of_the_range(high, t, a):
    """Issue 31: 100 × max(0, 1 − |a − t| / s), s a quarter of the range (the chance's table
    of points: test_scoring.py)."""
    t, a = min(t, high), min(a, high)
    truth = scoring.Truth("count", t, 0, high)
    s = Fraction(high, 4)
    expected = (
        100 if s == 0 else math.floor(100 * max(0, 1 - Fraction(abs(a - t)) / s) + Fraction(1, 2))
    )
    assert scoring.points(a, truth) == expected
    assert scoring.points(t, truth) == 100
    if high and abs(a - t) * 4 >= high:
        assert scoring.points(a, truth) == 0


@pytest.mark.parametrize(
    ("kind", "value", "message"),
    [
        ("chance", 1.5, "0 % to 100 %"),
        ("chance", -0.1, "0 % to 100 %"),
        ("chance", "3/0", "0 below the line"),
        ("chance", "12345/3", "fraction like 3/8"),
        ("chance", "9/8", "0 % to 100 %"),
        ("chance", "101", "0 % to 100 %"),
        ("chance", 10**400, "0 % to 100 %"),
        ("chance", float("nan"), "must be a number"),
        ("chance", True, "must be a number"),
        ("chance", None, "must be a number"),
        ("count", 2.5, "whole number"),
        ("count", 12, "from 0 to 11"),
        ("expected", "2 %", "must be a number"),
        ("expected", "9", "from 0 to"),
        ("choice", "maybe", "draw or bank"),
    ],
)
def test_a_bad_answer_is_refused_with_a_clear_sentence(kind, value, message):
    game = position(deck=DECK, pile="7S")
    truth = scoring.truth_of(kind, game)
    with pytest.raises(BadMessage) as caught:
        scoring.read_answer(kind, value, truth)
    assert message in caught.value.say("en")


def test_a_fraction_and_a_percent_are_read_exactly():
    truth = scoring.truth_of("chance", position(deck=DECK, pile="7S"))
    assert scoring.read_answer("chance", "3/8", truth) == Fraction(3, 8)
    assert scoring.read_answer("chance", 0.375, truth) == Fraction(3, 8)
    assert scoring.read_answer("chance", 2 / 11, truth) == Fraction(2, 11)
    # Issue 31: a probability typed with a decimal comma is 25 %, not 0,25 %.
    assert scoring.read_answer("chance", "0,25", truth) == Fraction(1, 4)
    assert scoring.read_answer("chance", "25 %", truth) == Fraction(1, 4)


# ---------------------------------------------------------------------------- a lesson on phones


def points_from_record(events: list[dict]) -> dict[tuple[int, str], int]:
    """Each (question, learner)'s points, computed again from the record's events alone."""
    questions, out = {}, {}
    for e in events:
        if e["type"] == "question":
            questions[e["question"]] = e
        elif e["type"] == "answer":
            out[(e["question"], e["learner"])] = e["value"]
    scored = {}
    for (number, learner), value in out.items():
        q = questions[number]
        kind, truth = q["kind"], q["truth"]
        if kind == "choice":
            scored[(number, learner)] = 100 if truth["action"] in ("either", value) else 0
            continue
        t = Fraction(truth["fraction"]) if "fraction" in truth else Fraction(truth["value"])
        low, high = Fraction(q["range"]["low"]), Fraction(q["range"]["high"])
        a = Fraction(value)
        s = (high - low) / 4  # issue 31: a quarter of the range scores 0
        share = min(1, abs(a - t) / s) if s else 0
        scored[(number, learner)] = math.floor(100 * (1 - share) + Fraction(1, 2))
    return scored


def test_a_posed_question_is_answered_revealed_and_scored(tmp_path):
    async def scenario():
        w = widget(deck=DECK, pile="7S")
        path = tmp_path / "lesson.jsonl"
        room = w.classroom(record=str(path))
        a, b, c = [await Client.open(room) for _ in range(3)]
        for page, name in ((a, "Lina"), (b, "Max"), (c, "Ola")):
            assert (await page.join(name))["type"] == "welcome"
        shown = room.ask("chance")
        assert shown["truth"] == {"fraction": "2/11", "value": 2 / 11}  # the teacher sees it
        q = await a.wait(lambda m: m["type"] == "question" and m["question"]["state"] == "open")
        q = q["question"]
        assert q["kind"] == "chance" and q["player"] == "Ada" and q["pile_size"] == 1
        assert "truth" not in q and "answers" not in q  # nothing before the reveal
        await a.send(intent="answer", question=1, value=0.5)
        await a.send(intent="answer", question=1, value="2/11")  # replaces the first
        await b.send(intent="answer", question=1, value=0.25)
        mine = await a.wait(
            lambda m: m["type"] == "you" and (m.get("mine") or {}).get("value") == 2 / 11
        )
        assert mine["mine"] == {"question": 1, "value": 2 / 11}  # no points yet
        # A bad answer is told to its own page only, and changes nothing.
        before = [list(x.messages) for x in (a, b)]
        rid = await c.send(intent="answer", question=1, value=7)
        assert "0 % to 100 %" in await c.notice(rid)
        rid = await c.send(intent="answer", question=2, value=0.5)
        assert "another question" in await c.notice(rid)
        await settle()
        for x, seen in zip((a, b), before, strict=True):
            assert not [m for m in x.messages[len(seen) :] if m["type"] == "notice"]
        # Every phone hears the count of answers.
        await c.wait(lambda m: m["type"] == "question" and m["question"].get("answered") == 2)
        room.reveal()
        shown = await b.wait(
            lambda m: m["type"] == "question" and m["question"]["state"] == "revealed"
        )
        shown = shown["question"]
        assert shown["truth"]["fraction"] == "2/11"
        assert shown["answers"] == sorted([2 / 11, 0.25])
        you = await b.wait(
            lambda m: m["type"] == "you" and (m.get("mine") or {}).get("points") is not None
        )
        recomputed = points_from_record(room.record.events)
        assert you["mine"]["points"] == recomputed[(1, "s2")]
        assert you["scores"]["total"] == recomputed[(1, "s2")]
        assert room.scores == {"Lina": 100, "Max": recomputed[(1, "s2")], "Ola": 0}
        rid = await c.send(intent="answer", question=1, value=0.5)
        assert "revealed" in await c.notice(rid)
        # A student's page shows only their own score, never another's.
        for m in c.messages:
            if m["type"] == "you":
                assert set(m.get("scores") or {}) <= {"total", "questions", "rank"}
        room.stop()
        return room, path

    room, path = run(scenario)
    rows = room.record.rows
    assert {r["student"] for r in rows} == {"Lina", "Max"}
    out = room.record.to_csv(path.with_suffix(".csv"))
    with open(out, encoding="utf-8-sig") as handle:
        exported = list(csv.DictReader(handle))
    assert {r["student"] for r in exported} == {"S01", "S02"}  # pseudonyms by default
    assert "Lina" not in pathlib.Path(out).read_text(encoding="utf-8-sig")
    named = room.record.to_csv(path.with_suffix(".names.csv"), names=True)
    assert "Lina" in pathlib.Path(named).read_text(encoding="utf-8-sig")
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    assert [x["type"] for x in lines][:1] == ["lesson"]
    assert sum(x["type"] == "answer" for x in lines) == 3  # every answer, as it came


def test_a_crashed_lesson_resumes_from_its_file_and_students_get_their_scores_back(tmp_path):
    path = tmp_path / "lesson-3.jsonl"

    async def first():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom(record=str(path))
        a, b = await Client.open(room), await Client.open(room)
        await a.join("Lina")
        await b.join("Max")
        room.ask("count")
        await a.wait(lambda m: m["type"] == "question" and m["question"]["state"] == "open")
        await a.send(intent="answer", question=1, value=2)
        await b.send(intent="answer", question=1, value=5)
        await a.wait(lambda m: m["type"] == "you" and m.get("mine"))
        await b.wait(lambda m: m["type"] == "you" and m.get("mine"))
        room.reveal()
        await settle()
        # The kernel dies here: no stop(), nothing closed.
        return room.scores

    before = run(first)
    assert before["Lina"] == 100 and before["Max"] < 100

    async def second():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom(resume=str(path))
        a = await Client.open(room)
        await a.join("LINA")  # the same name, folded: the same learner
        you = await a.wait(lambda m: m["type"] == "you" and m.get("scores"))
        assert you["scores"]["total"] == 100
        # Max is not back yet: the last question still counts both answers, out of two.
        q = a.last("question")["question"]
        assert q["answered"] == 2 and q["students"] == 2
        room.ask("chance")
        room.stop()
        return room

    room = run(second)
    assert [q["question"] for q in room.record.rows] == [1, 1]
    lines = [json.loads(x)["type"] for x in path.read_text(encoding="utf-8").splitlines()]
    assert lines.count("question") == 2 and lines.count("lesson") == 1


def test_a_line_cut_short_by_a_crash_is_dropped_and_the_lesson_goes_on_from_there(tmp_path):
    path = tmp_path / "cut.jsonl"
    lesson = Lesson(fold, path)
    lesson.start()
    lesson.learner_for("session-1", "Lina")
    lesson.close()
    whole = path.read_text(encoding="utf-8")
    path.write_text(whole + '{"type": "learner", "lear', encoding="utf-8")  # the crash
    again = Lesson.resume(fold, path)
    assert [x.name for x in again.learners.values()] == ["Lina"]
    again.learner_for("session-2", "Max")
    again.close()
    third = Lesson.resume(fold, path)  # every line whole: nothing glued to the cut one
    assert [x.name for x in third.learners.values()] == ["Lina", "Max"]


def test_a_new_lesson_does_not_write_into_an_old_ones_record(tmp_path):
    path = tmp_path / "old.jsonl"
    old = Lesson(fold, path)
    old.start()
    old.close()
    before = path.read_text(encoding="utf-8")
    with pytest.raises(LessonFileError, match="resume= carries"):
        Lesson(fold, path)
    assert path.read_text(encoding="utf-8") == before


def test_a_damaged_record_is_refused_clearly(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"type": "answer"}\n{"type": "lesson"}\n', encoding="utf-8")
    with pytest.raises(LessonFileError, match="line 1"):
        Lesson.resume(fold, bad)
    other = tmp_path / "other.jsonl"
    other.write_text('{"type": "learner", "learner": "s1", "name": "A", "pseudonym": "S01"}\n')
    with pytest.raises(LessonFileError, match="no 'lesson' line"):
        Lesson.resume(fold, other)


def test_the_seat_to_act_waits_for_the_reveal_and_the_bots_wait_too():
    async def scenario():
        w = widget(deck=DECK, pile="7S", seats=("Ada", "Bo", "Cy"))
        room = w.classroom()
        room.open_seats("Ada")
        a = await Client.open(room)
        await a.join("Lina")
        await a.send(intent="claim", seat=0)
        await a.wait(lambda m: m["type"] == "you" and m["seat"] == 0)
        room.ask("choice")
        assert w.paused
        await a.wait(lambda m: m["type"] == "question" and m["question"].get("hold"))
        before = w.game.to_json()
        rid = await a.send(intent="bank", version=w.version)
        assert "reveals it first" in await a.notice(rid)
        assert w.game.to_json() == before
        room.reveal()
        version = w.version
        await a.send(intent="bank", version=version)
        await a.wait(lambda m: m["type"] == "view" and m["view"]["version"] > version)
        assert any(e.kind == "bank" and e.player == 0 for e in w.game.log)
        room.stop()

    run(scenario)


def test_no_question_on_a_forced_move_and_the_guess_first_vote_skips_it():
    async def scenario():
        w = widget(deck=DECK, pile="", guess_first=True)
        room = w.classroom()
        a = await Client.open(room)
        await a.join("Lina")
        with pytest.raises(ValueError, match="nothing to decide"):
            room.ask("chance")
        cls = await a.wait(lambda m: m["type"] == "class" and m["class"]["on"])
        assert not cls["class"]["asking"]
        assert w.room_card["can_ask"] is False
        room.stop()

    run(scenario)


def test_a_timer_reveals_by_itself_and_a_chance_question_gets_its_outcome():
    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        room._asking._loop = asyncio.get_running_loop()
        a = await Client.open(room)
        await a.join("Lina")
        with pytest.raises(ValueError, match="seconds"):
            room.ask("chance", seconds=2)
        room.ask("chance", seconds=5)
        await a.send(intent="answer", question=1, value=0.2)
        shown = await a.wait(
            lambda m: m["type"] == "question" and m["question"]["state"] == "revealed", timeout=8
        )
        assert shown["question"]["truth"]["fraction"] == "2/11"
        w.apply("draw")  # 9♣ is accepted
        await settle()
        (q,) = room.record.rows
        assert q["accepted"] is True
        calibration = room._asking.lesson.calibration()
        assert calibration == [
            {"low": 0.2, "high": 0.3, "said": 0.2, "accepted": 1.0, "exact": 2 / 11, "answers": 1}
        ]
        room.stop()

    run(scenario, timeout=30)


def test_a_student_asks_for_more_time_and_the_class_timer_waits_within_its_bounds():
    """WCAG 2.2.1: a timed question can be extended by the student, at least ten times by 20
    seconds; every page counts down from the new end; a refused ask changes nothing."""

    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        lina, max_ = Client.open(room), Client.open(room)
        lina, max_ = await lina, await max_
        await lina.join("Lina")
        await max_.join("Max")
        room.ask("chance", seconds=5)
        for page in (lina, max_):  # each may ask MORE_TIMES times
            await page.wait(lambda m: m["type"] == "you" and m.get("more") == MORE_TIMES)
        since = len(lina.messages)
        await max_.send(intent="more_time", question=1)
        # Lina's page, too, counts down from the end Max's ask moved (the class is revealed
        # at once).
        q = await lina.wait(lambda m: m["type"] == "question", since=since)
        assert q["question"]["state"] == "open"
        assert MORE_SECONDS < q["question"]["seconds"] <= 5 + MORE_SECONDS
        await max_.wait(lambda m: m["type"] == "you" and m.get("more") == MORE_TIMES - 1)
        for _ in range(MORE_TIMES - 1):
            await max_.send(intent="more_time", question=1)
        await max_.wait(lambda m: m["type"] == "you" and m.get("more") == 0)
        end = room.question["seconds"]
        assert end > MORE_TIMES * MORE_SECONDS - 5
        assert lina.last("you")["more"] == MORE_TIMES  # another student's asks are not hers
        # Refused asks change nothing and are told to their own page only.
        await settle()
        before = len(lina.messages)
        rid = await max_.send(intent="more_time", question=1)
        assert "all the extra time" in await max_.notice(rid)
        rid = await lina.send(intent="more_time", question=2)
        assert "not open any more" in await lina.notice(rid)
        rid = await lina.send(intent="more_time", question=1, seconds=600)
        assert "unknown fields" in await lina.notice(rid)
        await settle()
        assert room.question["state"] == "open" and room.question["seconds"] <= end
        assert [m["type"] for m in lina.messages[before:]] == ["notice", "notice"]
        room.reveal()
        rid = await lina.send(intent="more_time", question=1)
        assert "not open any more" in await lina.notice(rid)
        room.ask("chance")  # no timer: nothing to extend, and no button on the phone
        await lina.wait(lambda m: m["type"] == "you" and m.get("more") is None, since=before)
        rid = await lina.send(intent="more_time", question=2)
        assert "no time limit" in await lina.notice(rid)
        room.stop()

    run(scenario, timeout=30)


# ---------------------------------------------------------------------------- the projector


def test_the_projector_has_its_own_address_and_never_shows_the_answer_early():
    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        assert room.projector_url != room.url and room.projector_url.endswith("/projector/")
        # The students' token does not open the projector, nor the projector's the class.
        wrong = room.url.replace("http://", "ws://") + "projector/ws"
        with pytest.raises((httpclient.HTTPClientError, websocket.WebSocketError)):
            await websocket.websocket_connect(wrong)
        p = await projector(room)
        # Only this computer can open the address: the projector gets it without a QR code.
        await p.wait(lambda m: m["type"] == "join" and m["local"] and m["url"] == room.url)
        await p.wait(lambda m: m["type"] == "board" and m["on"] is False)
        a = await Client.open(room)
        await a.join("Lina")
        room.ask("chance")
        await p.send(intent="answer", question=1, value=1)  # read-only: ignored
        await a.send(intent="answer", question=1, value=0.2)
        await p.wait(lambda m: m["type"] == "question" and m["question"].get("answered") == 1)
        assert "2/11" not in "".join(p.raw)  # the answer is not on the projector yet
        assert room.record.rows[0]["answer"] == 0.2
        room.reveal()
        shown = await p.wait(
            lambda m: m["type"] == "question" and m["question"]["state"] == "revealed"
        )
        assert shown["question"]["truth"]["fraction"] == "2/11"
        assert all("Lina" not in raw for raw in p.raw if '"board"' in raw)
        room.leaderboard = True
        board = await p.wait(lambda m: m["type"] == "board" and m["on"])
        assert board["rows"] == [{"name": "Lina", "total": room.scores["Lina"]}]
        room.stop()
        await p.wait(lambda m: m["type"] == "ended")

    run(scenario)


# ---------------------------------------------------------------------------- moderation


def test_the_teacher_renames_removes_and_locks_from_python_and_from_the_card():
    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        a, b = await Client.open(room), await Client.open(room)
        await a.join("Rude name")
        session_b = (await b.join("Max"))["session"]
        room.rename("Rude name", "Lina")
        await a.wait(lambda m: m["type"] == "welcome" and m["name"] == "Lina")
        assert room.students == ("Lina", "Max")
        # From the join card: remove Max; his session cannot come back.
        w._on_msg(w, {"intent": "room", "do": "remove", "student": "Max"}, [])
        await b.wait(lambda m: m["type"] == "removed")
        await asyncio.wait_for(b.closed.wait(), TIMEOUT)
        assert room.students == ("Lina",)
        again = await Client.open(room)
        assert (await again.join("", session=session_b))["type"] == "forgotten"
        w._on_msg(w, {"intent": "room", "do": "lock"}, [])
        assert room.locked and w.room_card["locked"]
        late = await Client.open(room)
        assert "closed to new students" in (await late.join("Ola"))["text"]
        room.unlock()
        assert (await late.join("Ola"))["type"] == "welcome"
        # A card request that does not fit is told, and changes nothing.
        w._on_msg(w, {"intent": "room", "do": "ask", "kind": "dance"}, [])
        assert room.question == {"state": "none"}
        room.stop()

    run(scenario)


def test_the_join_card_shown_in_a_cell_is_live_and_says_when_the_class_has_ended():
    """Today's class: the card shown as its own output was a frozen snapshot ("nobody yet"
    after students joined; the code still shown after stop())."""

    async def scenario():
        w = widget(deck=DECK, pile="7S")
        room = w.classroom()
        bundle = room._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
        (card,) = list(room._cards)
        assert card.card["count"] == 0
        a = await Client.open(room)
        await a.join("Lina")
        await settle()
        assert [s["name"] for s in card.card["students"]] == ["Lina"]
        card._on_msg(card, {"intent": "room", "do": "ask", "kind": "count"}, [])
        assert card.card["question"]["state"] == "open" and card.notice == {}
        card._on_msg(card, {"intent": "room", "do": "ask", "kind": "count"}, [])
        assert "still open" in card.notice["text"]  # told on the card; nothing changed
        card.language = "nb"  # the card tells the teacher in the card's language
        card._on_msg(card, {"intent": "room", "do": "remove", "student": "Ola"}, [])
        assert card.notice["text"] == "Ingen elev heter Ola."
        room.stop()
        assert card.card == {"ended": True} and "url" not in card.card

    run(scenario)
