"""Who is in the class: the students (a name and a session each), their pages, and the limits.

- :class:`Student`: one student, their session (the page's key to being this student again)
  and their page while it is connected;
- :class:`Page`: one connected page, how to send it a message and close it, the language it
  reads (each page its own: a phone's language, or the one chosen on its switch), and its
  share of the message rate and size;
- :class:`Sessions`: the class's token, its students by session and its pages: joining (a name
  once taken is theirs; a page that comes back with its session is the same student),
  replacing a student's older page, and the limits in students and pages, each refused
  politely.

Seats, votes and the game are not here (:mod:`~borsen_widget.jupyter.classroom.seats`,
:mod:`~borsen_widget.jupyter.classroom.questions`): a student here is who they are, not what
they hold.
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
import unicodedata
from collections.abc import Callable, Hashable, Iterator

from ...i18n import N_, Translator, front_end_texts, pick_language, translator
from ..language import read_page_tags
from ..protocol import BadMessage, request_id

__all__ = ["Page", "Sessions", "Student", "clean_name", "dumps"]

#: The longest message a page may send, in bytes: a real request (16 aces to list, an id) is
#: under 400. Longer ones are refused with a notice; frames over :data:`FRAME_LIMIT` make the
#: server close the connection (tornado's own limit, so memory stays bounded).
MAX_MESSAGE = 2048
FRAME_LIMIT = 64 * 1024
#: Messages per second a page may send on average, and in a burst (a person clicks a few times
#: a second at most; a flood is dropped, with one notice every WARN_EVERY seconds).
RATE = 8.0
BURST = 16
WARN_EVERY = 2.0
#: Pages a class may have connected beyond its students (pages still on the join form).
SPARE_PAGES = 40
MAX_NAME = 24
MAX_SESSION = 64
#: The token's letters: no 0/O, 1/l/i, so it can be read off a projector and typed.
TOKEN_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
TOKEN_LENGTH = 12  # about 59 bits


def dumps(message: dict) -> str:
    """A message for a page, as compact JSON (names as typed, not escaped)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"))


def clean_name(value) -> str:
    """A student's name as typed: trimmed, inner spaces single, printable; else BadMessage."""
    if not isinstance(value, str):
        raise BadMessage("Type your name to join.")
    name = " ".join(unicodedata.normalize("NFC", value).split())
    if not name:
        raise BadMessage("Type your name to join.")
    if len(name) > MAX_NAME:
        raise BadMessage(
            "A name has at most {count} letters; choose a shorter one.", count=MAX_NAME
        )
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise BadMessage("A name is letters, digits and spaces; choose another.")
    return name


class Student:
    """One student: a name, a session (the page's key to being this student again) and their
    page while it is connected."""

    def __init__(self, name: str, session: str):
        self.name = name
        self.session = session
        self.page: Page | None = None

    @property
    def voter(self) -> tuple:
        """The student's key among the votes (one vote each, see TeacherFeed.vote)."""
        return ("student", self.session)


class Page:
    """One connected page: how to send it a message and close it, its student once joined,
    the language it reads (``"en"``, ``"nb"``, ``"nn"``: first the browser's, from the
    ``Accept-Language`` of its connection, then what the page itself says, see
    :meth:`Sessions.set_language`), and its share of the message rate (a token bucket:
    :data:`RATE` a second, :data:`BURST`)."""

    def __init__(
        self,
        send: Callable[[str], None],
        close: Callable[[int, str], None],
        language: str = "en",
    ):
        self.send = send
        self.close = close
        self.student: Student | None = None
        self.language = language
        #: The language and seat the view this page last got was told for (see the room).
        self.view_key: tuple | None = None
        #: The languages whose words this page was sent (each once: a few bytes asked for
        #: many kilobytes, so a page switching back and forth is not sent them again).
        self.spoken: set[str] = set()
        self._tokens = float(BURST)
        self._stamp = time.monotonic()
        self._warned = -WARN_EVERY

    def allow(self) -> bool:
        now = time.monotonic()
        self._tokens = min(BURST, self._tokens + (now - self._stamp) * RATE)
        self._stamp = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False

    def should_warn(self) -> bool:
        now = time.monotonic()
        if now - self._warned >= WARN_EVERY:
            self._warned = now
            return True
        return False

    def admit(self, message) -> bool:
        """Whether ``message`` may be read: within the page's rate, a text, not too long.
        Otherwise the page is told (a flood once every :data:`WARN_EVERY` seconds, so the
        notices do not become a flood of their own) and the message is dropped."""
        if not self.allow():
            if self.should_warn():
                self.notice(
                    N_(
                        "Too many messages from this page at once: they were ignored. Wait a "
                        "moment, then try again."
                    )
                )
            return False
        if not isinstance(message, str):
            self.notice(N_("A message from this page was not understood; nothing changed."))
            return False
        if len(message) > MAX_MESSAGE or len(message.encode("utf-8")) > MAX_MESSAGE:
            self.notice(
                N_(
                    "A message from this page was too long ({size} bytes; at most {limit}); "
                    "nothing changed."
                ),
                size=len(message.encode("utf-8")),
                limit=MAX_MESSAGE,
            )
            return False
        return True

    @property
    def tr(self) -> Translator:
        """The translator of the language this page reads."""
        return translator(self.language)

    def notice(self, message: str, request=None, level: str = "warning", **values) -> None:
        """Tell this page ``message`` (a message of the catalogues, marked ``N_``, with its
        ``{placeholders}`` in ``values``) in its own language."""
        self.say(self.tr.gettext(message, **values), request=request, level=level)

    def refuse(self, error: BadMessage, request=None) -> None:
        """Tell this page why its request was refused, in its own language."""
        self.say(error.told(self.tr), request=request)

    def say(self, text: str, request=None, level: str = "warning") -> None:
        """Send a notice already written in this page's language."""
        self.send(dumps({"type": "notice", "text": text, "level": level, "request": request}))


class Sessions:
    """The class's token, its students (by session, in order of joining) and its connected
    pages, at most ``max_students`` students and :data:`SPARE_PAGES` more pages."""

    def __init__(self, max_students: int):
        self.max_students = max_students
        #: The secret part of the join address: without it every request is refused.
        self.token = "".join(secrets.choice(TOKEN_LETTERS) for _ in range(TOKEN_LENGTH))
        self._students: dict[str, Student] = {}  # by session, in order of joining
        self._pages: set[Page] = set()

    def is_token(self, token: str) -> bool:
        """Whether ``token`` is this class's (compared in constant time)."""
        return hmac.compare_digest(token.encode("utf-8", "replace"), self.token.encode())

    # -- the students

    def __iter__(self) -> Iterator[Student]:
        return iter(self._students.values())

    def __len__(self) -> int:
        return len(self._students)

    @property
    def names(self) -> tuple[str, ...]:
        """The names of the students who joined, in the order they came."""
        return tuple(s.name for s in self._students.values())

    def get(self, session: str) -> Student:
        """The student of a session this class gave out."""
        return self._students[session]

    def named(self, name: str) -> Student | None:
        """The student called ``name`` (names are compared without case), or None."""
        found = [s for s in self._students.values() if s.name.casefold() == name.casefold()]
        return found[0] if found else None

    # -- the pages

    def __contains__(self, page: Page) -> bool:
        return page in self._pages

    def joined_pages(self) -> list[Page]:
        return [s.page for s in self._students.values() if s.page is not None]

    def broadcast(self, text: str) -> None:
        """Send ``text`` to every student's page (not to pages still on the join form)."""
        for page in self.joined_pages():
            page.send(text)

    def broadcast_in(self, write: Callable[[Page], str], key: Callable[[Page], Hashable]) -> None:
        """Send every student's page ``write(page)``, a message told its way (in its language,
        for its seat), written once for each ``key(page)`` (pages with the same key read the
        same message)."""
        written: dict = {}
        for page in self.joined_pages():
            k = key(page)
            if k not in written:
                written[k] = write(page)
            page.send(written[k])

    def open_page(
        self,
        send: Callable[[str], None],
        close: Callable[[int, str], None],
        languages: list[str] | None = None,
    ):
        """A page connected (``languages``: its browser's, most wanted first); returns its
        :class:`Page`, or None when the class is full of pages (it is told so and closed)."""
        page = Page(send, close, pick_language(languages or []))
        if len(self._pages) >= self.max_students + SPARE_PAGES:
            page.notice(
                N_("Too many pages are open on this class just now; try again in a minute.")
            )
            page.close(1013, "too many pages")
            return None
        self._pages.add(page)
        page.send(dumps({"type": "hello", "max_name": MAX_NAME}))
        return page

    @staticmethod
    def read(page: Page, message) -> object | None:
        """A message from ``page``, decoded, or None when it may not be read (the page is told
        why: see :meth:`Page.admit`) or is not JSON."""
        if not page.admit(message):
            return None
        try:
            return json.loads(message)
        except (ValueError, RecursionError):
            page.notice(N_("A message from this page was not understood; nothing changed."))
            return None

    @staticmethod
    def set_language(page: Page, content: dict) -> None:
        """A page's ``page_language``: the language it reads from now on (the first of its
        tags the package speaks, else English), told to that page alone with its words (the
        same ``speech`` a widget's page gets; a language's words once a page, which keeps
        them). Raises BadMessage on a malformed one."""
        page.language = pick_language(read_page_tags(content))
        speech: dict = {"language": page.language}
        if page.language not in page.spoken:  # at most once a language: the page keeps them
            page.spoken.add(page.language)
            speech["texts"] = front_end_texts(page.language)
        page.send(dumps({"type": "speech", "speech": speech, "request": request_id(content)}))

    def close_page(self, page: Page) -> bool:
        """A page went away; True when it was a student's page (whose count changed)."""
        self._pages.discard(page)
        student = page.student
        if student is not None and student.page is page:
            student.page = None  # they keep their name, seat and vote: they may come back
            return True
        return False

    def end(self, write: Callable[[str], str]) -> None:
        """Send every page ``write(language)`` in its language, close it and forget it (the
        class has ended)."""
        for page in list(self._pages):
            page.send(write(page.language))
            page.close(1001, "the class has ended")
        self._pages.clear()

    # -- joining

    def join(self, page: Page, content: dict) -> Student | None:
        """A page's "join": the student it is now (welcomed), or None when it came back with a
        session this class does not know (the page is asked for a name). Raises BadMessage."""
        unknown = [k for k in content if k not in ("intent", "name", "session", "id")]
        if unknown:
            raise BadMessage("A message from this page had unknown fields; nothing changed.")
        if page.student is not None:
            raise BadMessage("This page has joined already, as {name}.", name=page.student.name)
        session = content.get("session")
        if session is not None and (not isinstance(session, str) or len(session) > MAX_SESSION):
            raise BadMessage("A message from this page was not understood; nothing changed.")
        student = self._students.get(session) if session else None
        if student is None:
            if "name" not in content and session:
                # A session this class does not know (an old class, or another one): ask again.
                page.send(dumps({"type": "forgotten", "request": request_id(content)}))
                return None
            name = clean_name(content.get("name"))
            if self.named(name) is not None:
                raise BadMessage(
                    "The name {name} is taken: add an initial, or choose another.", name=name
                )
            if len(self._students) >= self.max_students:
                raise BadMessage(
                    "The class is full (at most {count} can join): ask your teacher.",
                    count=self.max_students,
                )
            student = Student(name, secrets.token_urlsafe(24))
            self._students[student.session] = student
        old = student.page
        if old is not None and old is not page:
            # The same student on a newer page (a reload, another tab): that one counts.
            old.student = None
            old.notice(
                N_("{name} opened the class on another page; this one has left."),
                name=student.name,
            )
            old.close(4000, "opened on another page")
            self._pages.discard(old)
        page.student = student
        student.page = page
        page.send(
            dumps(
                {
                    "type": "welcome",
                    "name": student.name,
                    "session": student.session,
                    "request": request_id(content),
                }
            )
        )
        return student
