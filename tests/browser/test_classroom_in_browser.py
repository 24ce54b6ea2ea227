"""End-to-end: a class on the students' phones. The teacher's JupyterLab page runs the game
and opens the class; five students join from phone-sized pages (390 × 844) by the address the
widget's join card shows, vote, see the answers after Reveal, take seats, and play a game to
its end with every person's move made on a student's phone. Python is checked through a second
client of the kernel; screenshots go to ``test-artifacts/``. Two phones of one class read two
languages (nynorsk and English), each its own, and one switches to bokmål on its page.
"""

from __future__ import annotations

import pytest
from harness import contrast, open_notebook, write_notebook

PHONE = {"width": 390, "height": 844}
NAMES = ["Lina", "Max", "Ola", "Siv", "Tor"]
# A short game (a dozen cards left) with a real choice on the table, an ace to draw (R9) and
# to bank (R11), so the ace dialog shows on a phone too.
GAME_CELL = """\
from borsen_widget import BorsenWidget, Game, Rules, ThresholdBot

g = Game.from_position(
    Rules(players=3),
    deck="9C 2D 5D 6C AD KS 4H 8D JD 3S 5H QC TD".split(),
    banks=[["4C", "5C"], [], ["2H", "6H", "7H"]],
    pile=["8S"],
    current_player=0,
    seed=1,
)
w = BorsenWidget(game=g, seats=["Ada", "Bo", ("Cy", ThresholdBot(2))], bot_delay=0.1)
w.guess_first = True
w.show_probabilities = True
# Every phone of this test comes from 127.0.0.1: no limit of pages from one address.
room = w.classroom(max_pages_per_address=None)
w"""
# The student page's state, read from its DOM.
READ_STUDENT = """(root) => {
  const shown = (sel) => { const n = root.querySelector(sel); return Boolean(n && !n.hidden); };
  return {
    version: Number(root.dataset.version || -1),
    joined: shown('.borsen-class'),
    ended: shown('.borsen-ended'),
    actions: [...root.querySelectorAll('.borsen-actions button[data-intent]')]
      .filter((b) => !b.hidden).map((b) => b.dataset.intent),
    dialog: shown('.borsen-aces'),
    over: shown('.borsen-end'),
    notice: shown('.borsen-notice') ? root.querySelector('.borsen-notice-text').textContent : '',
    vote: shown('.borsen-vote'),
    results: [...root.querySelectorAll('.borsen-vote-results li')].map((li) => li.textContent),
    pile: [...root.querySelectorAll('.borsen-pile .borsen-card')].map((c) => c.dataset.card),
  };
}"""
STATE = """{"version": w.version, "current": w.game.current_player, "over": w.game.is_over,
 "phase": w.game.phase, "pile": [c.ascii for c in w.game.pile], "to_list": w.game.aces_to_list,
 "notice": w.notice["text"], "bot": w.bots[w.game.current_player] is not None}"""


def student(page) -> dict:
    return page.locator("main.borsen").evaluate(READ_STUDENT)


@pytest.fixture
def phones(browser):
    """Five phone-sized pages, each in its own browser context (its own storage: its own
    student); the last in the dark theme. JavaScript errors on any of them fail the test."""
    contexts, pages, errors = [], [], []
    for i in range(5):
        context = browser.new_context(
            viewport=PHONE,
            device_scale_factor=2,
            is_mobile=True,
            has_touch=True,
            color_scheme="dark" if i == 4 else "light",
        )
        pg = context.new_page()
        pg.set_default_timeout(20_000)
        pg.on("pageerror", lambda e: errors.append(str(e)))
        contexts.append(context)
        pages.append(pg)
    yield pages
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on a student's page: {errors}"


def wait_version_above(page, version: int) -> None:
    page.wait_for_function(
        f"() => Number(document.querySelector('main.borsen').dataset.version) > {version}"
    )


def test_a_class_joins_votes_takes_seats_and_plays_on_phones(
    page, phones, lab, kernel_of, artifacts
):
    write_notebook(
        lab.root / "class.ipynb",
        [GAME_CELL, "w  # a second view of the same game", "room  # the join card in its own cell"],
    )
    page.set_viewport_size({"width": 1500, "height": 1300})  # the teacher's projector
    kernel = kernel_of(open_notebook(page, lab, "class.ipynb"))
    teacher = page.locator(".borsen").first
    second = page.locator(".borsen").nth(1)
    card = teacher.locator(".borsen-room")
    card.wait_for(state="visible")
    url = card.locator(".borsen-room-url").inner_text()
    # The class goes through JupyterLab's own address (issue 30: the package's server extension
    # relays it to the kernel), which only this computer can open here: no QR code, the words.
    assert url == kernel.eval("room.url") and url.startswith(f"{lab.url}/borsen/class/")
    assert kernel.eval("room.via") == "jupyter"
    assert card.locator(".borsen-qr-code").count() == 0
    assert card.locator(".borsen-room-note").inner_text().startswith("Only this computer")
    assert card.locator('[data-local="network"]').is_visible()

    # ------------------------------------------------------------------ joining by the address
    for phone, name in zip(phones, NAMES, strict=True):
        phone.goto(url)
        phone.locator(".borsen-join-go:not([disabled])").wait_for()
        if name == "Lina":
            phone.screenshot(path=str(artifacts / "class-phone-join.png"))
        phone.locator(".borsen-join-name").fill(name)
        phone.locator(".borsen-join-go").click()
        phone.locator(".borsen-class").wait_for(state="visible")
    assert kernel.eval("list(room.students)") == NAMES
    page.wait_for_function(
        "() => document.querySelector('.borsen-room-count').textContent.startsWith('5 students')"
    )
    # A name is its student's: a sixth page cannot take it.
    intruder = phones[0].context.browser.new_context(viewport=PHONE)
    sixth = intruder.new_page()
    sixth.goto(url)
    sixth.locator(".borsen-join-go:not([disabled])").wait_for()
    sixth.locator(".borsen-join-name").fill("lina")
    sixth.locator(".borsen-join-go").click()
    sixth.wait_for_function(
        "() => document.querySelector('.borsen-join-problem').textContent.includes('taken')"
    )
    intruder.close()

    # ------------------------------------------------------------------ guess first: votes
    for phone in phones:
        phone.locator(".borsen-vote").wait_for(state="visible")
    for phone, choice in zip(phones, ["draw", "bank", "draw", "draw", "bank"], strict=True):
        phone.locator(f'[data-vote="{choice}"]').click()
        phone.wait_for_function(
            f"() => document.querySelector('[data-vote={choice}]')"
            ".getAttribute('aria-pressed') === 'true'"
        )
    phones[1].locator('[data-vote="draw"]').click()  # Max changes his mind: one vote each
    phones[1].wait_for_function(
        "() => document.querySelector('[data-vote=draw]').getAttribute('aria-pressed') === 'true'"
    )
    page.wait_for_function(
        "() => document.querySelector('.borsen-panel-votes').textContent === '5 votes so far'"
    )
    assert kernel.eval("room.votes") == dict(
        zip(NAMES, ["draw", "draw", "draw", "draw", "bank"], strict=True)
    )
    assert not student(phones[0])["results"]  # no split and no answer before Reveal
    phones[0].screenshot(path=str(artifacts / "class-phone-vote.png"))
    teacher.locator(".borsen-reveal").click()
    for phone in phones:
        phone.wait_for_function("() => document.querySelectorAll('.borsen-vote-results li').length")
    results = student(phones[2])["results"]
    assert results[0] == "The class voted: 4 to draw, 1 to bank."
    truth = kernel.eval("w.teacher.data()['p_accept']")
    assert truth["counted"] in results[1]
    assert results[2].startswith("Best choice:")
    assert "The class voted: Draw 4 · Bank 1" in teacher.locator(".borsen-panel-votes").inner_text()
    phones[4].screenshot(path=str(artifacts / "class-phone-results-dark.png"))

    # ------------------------------------------------------------------ seats
    # Ada's seat is opened on the card beside the game, Bo's on the card in a cell of its own
    # (issue 31: there the button was refused as "not understood").
    solo = page.locator(".borsen-class-card")
    for seat, where in ((0, teacher), (1, solo)):
        where.locator(f'.borsen-room [data-room="open_seat"][data-seat="{seat}"]').click()
        phones[seat].locator(f'[data-seat-intent="claim"][data-seat="{seat}"]').click()
        page.wait_for_function(
            f"() => document.querySelector('.borsen-seat[data-seat=\"{seat}\"] .borsen-holder')"
            f"?.textContent === '{NAMES[seat]}'"
        )
    assert [s["student"] for s in kernel.eval("room.seats")] == ["Lina", "Max", None]
    assert solo.locator(".borsen-card-notice").is_hidden()
    solo.locator('.borsen-room [data-room="take_back"][data-seat="1"]').wait_for()
    # It is Ada's (Lina's) turn: only her phone has the buttons.
    phones[0].locator('.borsen-actions button[data-intent="draw"]').wait_for(state="visible")
    for phone in phones[1:]:
        assert student(phone)["actions"] == []
    phones[1].locator("main.borsen").press("d")  # a key on Max's phone does nothing either
    # Nobody else can act for Ada's seat, even by sending the request by hand: a page's own
    # WebSocket, opened from Ola's phone, is refused in Python.
    refused = phones[2].evaluate(
        """async ({version}) => {
          const ws = new WebSocket(new URL('ws', location.href).toString().replace('http', 'ws'));
          const got = [];
          await new Promise((ok) => { ws.onmessage = (e) => { got.push(JSON.parse(e.data));
            if (got.length === 1) ws.send(JSON.stringify({intent: 'join', name: 'Sneaky'}));
            if (got.some((m) => m.type === 'you') && !got.sent) {
              got.sent = true;
              ws.send(JSON.stringify({intent: 'draw', version, id: 'x1'}));
              ws.send(JSON.stringify({intent: 'claim', seat: 0, id: 'x2'}));
            }
            if (got.filter((m) => m.type === 'notice').length === 2) ok(); }; });
          ws.close();
          return got.filter((m) => m.type === 'notice').map((m) => [m.request, m.text]);
        }""",
        {"version": kernel.eval("w.version")},
    )
    assert refused[0][0] == "x1" and "You hold no seat" in refused[0][1]
    assert refused[1][0] == "x2" and "Lina holds Ada's seat" in refused[1][1]
    assert kernel.eval("(w.game.current_player, w.game.pile[-1].ascii)") == [0, "8S"]
    phones[0].screenshot(path=str(artifacts / "class-phone-turn.png"))
    teacher.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts / "class-teacher.png"), animations="disabled")

    # ------------------------------------------------------------------ a stale click
    # A double click on Lina's phone: the first draw counts, the second was made on the view
    # before it; only her page says so, not the teacher's views nor the other phones.
    before = student(phones[0])["version"]
    phones[0].locator(".borsen-actions").evaluate(
        "(a) => { const b = a.querySelector('[data-intent=draw]'); b.click(); b.click(); }"
    )
    phones[0].wait_for_function(
        "() => document.querySelector('.borsen-notice-text').textContent.includes('earlier view')"
    )
    wait_version_above(phones[0], before)
    for phone in phones[1:]:
        assert not student(phone)["notice"]
    assert teacher.locator(".borsen-notice").is_hidden()
    assert not kernel.eval("w.notice['text']")
    # And in the widget: a double click on its second view (Draw for Ada: the teacher's
    # screen acts for every seat) is told on that view only, not on the first one.
    state = kernel.eval(STATE)
    assert state["current"] == 0 and state["pile"] == ["8S", "9C"]  # 9♣ was accepted (R5)
    second.locator(".borsen-actions").evaluate(
        "(a) => { const b = a.querySelector('[data-intent=draw]'); b.click(); b.click(); }"
    )
    page.wait_for_function(
        "() => !document.querySelectorAll('.borsen')[1].querySelector('.borsen-notice').hidden"
    )
    assert "earlier view" in second.locator(".borsen-notice-text").inner_text()
    assert teacher.locator(".borsen-notice").is_hidden()
    assert kernel.eval("len(w.game.pile)") == 3  # one draw, not two
    for phone in phones[1:]:
        assert not student(phone)["notice"]

    # ------------------------------------------------------------------ play to the end
    moves = 0
    shot = False
    for _ in range(200):
        state = kernel.eval(STATE)
        if state["over"]:
            break
        if state["bot"]:
            page.wait_for_timeout(60)
            continue
        phone = phones[state["current"]]
        phone.wait_for_function(
            f"() => Number(document.querySelector('main.borsen').dataset.version) >= "
            f"{state['version']}"
        )
        seen = student(phone)
        if seen["version"] != state["version"]:
            continue
        if seen["dialog"]:
            for i in range(state["to_list"]):
                phone.locator(f'.borsen-aces [data-ace="{i}"]').click()
            if not shot:
                phone.screenshot(path=str(artifacts / "class-phone-aces.png"))
                shot = True
            phone.locator(".borsen-aces-ok").click()
        elif "draw" in seen["actions"] and len(seen["pile"]) < 2:
            phone.locator('.borsen-actions [data-intent="draw"]').click()
        elif "bank" in seen["actions"]:
            phone.locator('.borsen-actions [data-intent="bank"]').click()
        else:
            continue
        moves += 1
        wait_version_above(phone, state["version"])
        assert not kernel.eval("w.notice['text']")
    assert kernel.eval("w.game.is_over") and moves >= 3
    for phone in phones:
        phone.locator(".borsen-end").wait_for(state="visible")
    result = kernel.eval("w.view['result']")
    assert result and phones[3].locator(".borsen-end-text").inner_text() == result
    assert shot, "the ace dialog showed on the phone of the student who banked the ace"
    phones[0].screenshot(path=str(artifacts / "class-phone-end.png"))

    # ------------------------------------------------------------------ open to the network
    # The teacher opens the class to the classroom's network (she confirms first): the card
    # shows the code of the computer's network address, on the port it will use every lesson;
    # the phones already in stay in. (The test connects to nothing but 127.0.0.1.)
    students = kernel.eval("list(room.students)")
    card.locator('[data-local="network"]').click()
    ask = card.locator(".borsen-room-network-ask").inner_text()
    assert kernel.eval("room.is_local") and "port" in ask
    card.locator('[data-do="network"]').click()
    card.locator(".borsen-qr-code").wait_for()
    opened = kernel.eval("room.url")
    assert not kernel.eval("room.is_local") and "/borsen/class/" not in opened
    assert card.locator(".borsen-room-url").inner_text() == opened
    assert card.locator(".borsen-room-network").is_hidden()
    note = "Anyone on this network who has the address can join."
    assert card.locator(".borsen-room-note").inner_text() == note
    assert kernel.eval("list(room.students)") == students

    # ------------------------------------------------------------------ the join card, dark
    # The projector's card reads in JupyterLab's dark theme too; the QR code stays black on
    # white (a phone's camera needs the contrast).
    theme = "() => window.jupyterapp.commands.execute('apputils:change-theme', {theme: '%s'})"
    page.evaluate(theme % "JupyterLab Dark")
    try:
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
        page.wait_for_timeout(300)
        for sel in (".borsen-room-title", ".borsen-room-url", ".borsen-room-seat-state"):
            assert contrast(card.locator(sel)) >= 4.5, sel
        qr = card.locator(".borsen-room-qr").evaluate("(q) => getComputedStyle(q).backgroundColor")
        assert qr == "rgb(255, 255, 255)"
        card.screenshot(path=str(artifacts / "class-card-dark.png"), animations="disabled")
    finally:
        page.evaluate(theme % "JupyterLab Light")
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'")

    # ------------------------------------------------------------------ the end of the class
    kernel.eval("room.stop()")
    for phone in phones:
        phone.locator(".borsen-ended").wait_for(state="visible")
        assert "ended the class" in phone.locator(".borsen-ended-text").inner_text()
    teacher.locator(".borsen-room").wait_for(state="hidden")  # the card goes with the class
    phones[4].screenshot(path=str(artifacts / "class-phone-ended-dark.png"))


# Two phones in one class: a Norwegian phone (nynorsk) and an English one, each page in its
# phone's language, then one switched on the page.
LANGUAGE_CELL = """\
from borsen_widget import BorsenWidget, Game, Rules

g = Game.from_position(
    Rules(players=2),
    deck="9C 2D 5D 6C AD KS 4H 8D JD 3S 5H QC TD 7C 8C".split(),
    banks=[["4C"], ["2H"]],
    pile=["8S"],
    current_player=0,
    seed=1,
)
w = BorsenWidget(game=g, seats=["Ada", "Bo"], language="en")
room = w.classroom(max_pages_per_address=None)
room.open_seats()
w"""
READ_WORDS = """(root) => ({
  lang: root.lang,
  title: root.querySelector('.borsen-join-title').textContent,
  me: root.querySelector('.borsen-me-line').textContent,
  seats: [...root.querySelectorAll('[data-seat-intent]')].map((b) => b.textContent),
  log: [...root.querySelectorAll('.borsen-log li')].map((li) => li.textContent),
  pressed: [...root.querySelectorAll('[data-language][aria-pressed=true]')]
    .map((b) => b.dataset.language),
  notice: root.querySelector('.borsen-notice-text')?.textContent || '',
  ended: root.querySelector('.borsen-ended-text').textContent,
})"""


def test_two_phones_in_one_class_read_nynorsk_and_english(page, browser, lab, kernel_of, artifacts):
    write_notebook(lab.root / "languages.ipynb", [LANGUAGE_CELL])
    kernel = kernel_of(open_notebook(page, lab, "languages.ipynb"))
    card = page.locator(".borsen-room")
    card.wait_for(state="visible")
    url = card.locator(".borsen-room-url").inner_text()
    assert card.locator(".borsen-room-title").inner_text() == "Join on your phone"
    contexts, phones, errors = [], [], []
    try:
        for locale in ("nn-NO", "en-GB"):
            context = browser.new_context(
                viewport=PHONE,
                device_scale_factor=2,
                is_mobile=True,
                has_touch=True,
                locale=locale,
            )
            phone = context.new_page()
            phone.set_default_timeout(20_000)
            phone.on("pageerror", lambda e: errors.append(str(e)))
            contexts.append(context)
            phones.append(phone)
        nn, en = phones
        for phone in phones:
            phone.goto(url)
            phone.locator(".borsen-join-go:not([disabled])").wait_for()
        nn.wait_for_function(
            "() => document.querySelector('.borsen-join-title').textContent === 'Bli med i timen'"
        )
        assert nn.evaluate("document.documentElement.lang") == "nn"
        assert nn.title() == "Børsen i timen"
        assert en.locator(".borsen-join-title").inner_text() == "Join the class"
        nn.screenshot(path=str(artifacts / "class-phone-join-nn.png"))
        for phone, name in ((nn, "Kari"), (en, "Sam")):
            phone.locator(".borsen-join-name").fill(name)
            phone.locator(".borsen-join-go").click()
            phone.locator(".borsen-class").wait_for(state="visible")
        # Kari takes Ada's seat (Ada is to play) and draws from her phone, in nynorsk.
        nn.locator('[data-seat-intent="claim"][data-seat="0"]').click()
        nn.locator('.borsen-actions button[data-intent="draw"]').wait_for(state="visible")
        version = kernel.eval("w.version")
        nn.locator('.borsen-actions button[data-intent="draw"]').click()
        for phone in phones:
            wait_version_above(phone, version)
        words = {
            lang: p.locator("main.borsen").evaluate(READ_WORDS)
            for lang, p in (("nn", nn), ("en", en))
        }
        assert words["nn"]["lang"] == "nn" and words["nn"]["pressed"] == ["nn"]
        assert words["nn"]["me"].startswith("Du spelar plassen til Ada")
        assert words["en"]["me"] == "Take a seat to play, or watch and vote."
        assert words["en"]["seats"] == ["Take Bo's seat"]
        assert words["en"]["pressed"] == ["en"]
        assert any("trekte" in line or "Du " in line for line in words["nn"]["log"]), words["nn"]
        assert any("drew" in line for line in words["en"]["log"]), words["en"]
        # The English phone asks Kari's seat: refused on Sam's phone only, in English.
        en.locator(".borsen-me").evaluate("() => 0")
        nn.screenshot(path=str(artifacts / "class-phone-nn.png"))
        en.screenshot(path=str(artifacts / "class-phone-en.png"))
        # Sam switches his page to bokmål: his words change, Kari's stay nynorsk.
        en.locator('[data-language="nb"]').click()
        en.wait_for_function("() => document.querySelector('main.borsen').lang === 'nb'")
        assert en.locator(".borsen-me-line").inner_text() == (
            "Ta en plass for å spille, eller se på og stem."
        )
        assert en.locator('[data-seat-intent="claim"]').inner_text() == "Ta plassen til Bo"
        assert nn.locator("main.borsen").evaluate("(r) => r.lang") == "nn"
        en.screenshot(path=str(artifacts / "class-phone-switched-nb.png"))
        # The end of the class, in each phone's language.
        kernel.eval("room.stop()")
        for phone in phones:
            phone.locator(".borsen-ended").wait_for(state="visible")
        assert nn.locator(".borsen-ended-text").inner_text() == (
            "Læraren din har avslutta timen. Takk for at du spelte!"
        )
        assert en.locator(".borsen-ended-text").inner_text() == (
            "Læreren din har avsluttet timen. Takk for at du spilte!"
        )
        assert nn.locator(".borsen-ended-title").inner_text() == "Timen er slutt"
        nn.screenshot(path=str(artifacts / "class-phone-ended-nn.png"))
    finally:
        for context in contexts:
            context.close()
    assert not errors, f"JavaScript errors on a student's page: {errors}"
