"""Who is in the class: the students (a name and a session each), their pages, and the limits.

- :class:`Student`: one student, their session (the page's key to being this student again)
  and their page while it is connected;
- :class:`Page`: one connected page, how to send it a message and close it, the language it
  reads (each page its own: a phone's language, or the one chosen on its switch), and its
  share of the message rate and size;
- :class:`Sessions`: the class's token, its students by session and its pages: joining (a name
  once taken is theirs, and names that look alike are one name: :func:`~.names.fold`; a page
  that comes back with its session is the same student), replacing a student's older page, the
  limits in students and pages (in all and from one address), each refused politely, and the
  teacher's moderation (:meth:`Sessions.rename`, :meth:`Sessions.remove`, :meth:`Sessions.lock`).

A class nobody can hold hostage: every text of a message is checked before anything is stored
or echoed (a lone UTF-16 surrogate, which JSON allows and UTF-8 cannot carry, is refused, and
:func:`~.wire.encode` cannot write one); a page that does not join within :data:`JOIN_WAIT`
seconds is closed; one address opens at most ``max_pages_per_address`` pages; and a student
away for more than :data:`AWAY_GRACE` seconds who holds no seat gives their place to a
newcomer when the class is full.

Seats, votes and the game are not here (:mod:`~borsen_widget.classroom.seats`,
:mod:`~borsen_widget.classroom.questions`): a student here is who they are, not what
they hold.

Why one module of this size: students, pages and the limits that bind them are one state with
one set of invariants (a page belongs to at most one student; every open page counts against
the limits until it is closed; a forgotten student leaves no page behind), kept in one place so
that nothing outside can break one of them.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import secrets
import time
from collections import Counter
from collections.abc import Callable, Hashable, Iterator

from ..i18n import N_, Translator, front_end_texts, pick_language, translator
from .student_names import MAX_NAME, clean_name, name_keys
from .wire import (
    MAX_MESSAGE,
    MAX_SESSION,
    BadMessage,
    encode,
    read_page_tags,
    readable,
    request_id,
)

__all__ = ["PAGES_PER_ADDRESS", "TOKEN_LENGTH", "TOKEN_LETTERS", "Page", "Sessions", "Student"]

#: Messages per second a page may send on average, and in a burst (a person clicks a few times
#: a second at most; a flood is dropped, with one notice every WARN_EVERY seconds).
RATE = 8.0
BURST = 16
WARN_EVERY = 2.0
#: Pages a class may have connected beyond its students (pages still on the join form).
SPARE_PAGES = 40
#: Pages one address (one phone, or one computer) may have open at once, unless the class says
#: otherwise (``Sessions(max_pages_per_address=...)``): a phone reloading, a second tab.
PAGES_PER_ADDRESS = 6
#: Seconds a page may stay on the join form before it is closed (the page then reconnects and
#: starts again; a page that never joins holds no place for long).
JOIN_WAIT = 60.0
#: Seconds a student may be away (their page closed) before, if they hold no seat, they give
#: their place to a newcomer in a full class (they may join again by name while there is room).
AWAY_GRACE = 30.0
#: Close codes of a page closed by the class (4000: opened on another page, in use already).
REMOVED_CODE = 4001
JOIN_WAIT_CODE = 4002
#: The token's letters: no 0/O, 1/l/i, so it can be read off a projector and typed.
TOKEN_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"
TOKEN_LENGTH = 12  # about 59 bits
NOT_UNDERSTOOD = N_("A message from this page was not understood; nothing changed.")
LOCKED = N_("The class is closed to new students just now; ask your teacher.")


class Student:
    """One student: a name, a session (the page's key to being this student again) and their
    page while it is connected."""

    def __init__(self, name: str, session: str):
        self.name = name
        self.session = session
        self.page: Page | None = None
        #: What the name is compared by (:func:`name_keys`).
        self.keys = name_keys(name)
        #: When their page closed (``time.monotonic()``), or None while they are here.
        self.away_since: float | None = None

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
        address: str | None = None,
    ):
        self.send = send
        self.close = close
        self.student: Student | None = None
        self.language = language
        #: The address the page connected from (its phone's), if the server said.
        self.address = address
        #: The timer that closes this page if it has not joined in time.
        self.join_timer: asyncio.TimerHandle | None = None
        #: The language and seat the view this page last got was told for (see the room).
        self.view_key: tuple | None = None
        #: The languages whose words this page was sent (each once: a few bytes asked for
        #: many kilobytes, so a page switching back and forth is not sent them again).
        self.spoken: set[str] = set()
        self._tokens = float(BURST)
        self._stamp = time.monotonic()
        #: When it connected: in a class full of pages the one on the join form longest goes.
        self.opened = self._stamp
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
            self.notice(NOT_UNDERSTOOD)
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
        self.say(error.say(self.tr.language), request=request)

    def say(self, text: str, request=None, level: str = "warning") -> None:
        """Send a notice already written in this page's language."""
        self.send(encode({"type": "notice", "text": text, "level": level, "request": request}))


class Sessions:
    """The class's token, its students (by session, in order of joining) and its connected
    pages: at most ``max_students`` students, :data:`SPARE_PAGES` more pages, and
    ``max_pages_per_address`` pages from one address (None: no such limit).

    Two hooks the room sets: ``keeps_place(student)``, whether a student who is away keeps
    their place all the same (they hold a seat), and ``on_forget(student)``, called when a
    student is forgotten (removed by the teacher, or away and replaced in a full class), so
    what else the class holds of their session (a vote) goes with it."""

    def __init__(
        self,
        max_students: int,
        *,
        max_pages_per_address: int | None = PAGES_PER_ADDRESS,
        join_wait: float = JOIN_WAIT,
        away_grace: float = AWAY_GRACE,
    ):
        self.max_students = max_students
        self.max_pages_per_address = max_pages_per_address
        self.join_wait = join_wait
        self.away_grace = away_grace
        #: The secret part of the join address: without it every request is refused.
        self.token = "".join(secrets.choice(TOKEN_LETTERS) for _ in range(TOKEN_LENGTH))
        self._students: dict[str, Student] = {}  # by session, in order of joining
        self._pages: set[Page] = set()
        self._locked = False
        self.keeps_place: Callable[[Student], bool] = lambda student: False
        self.on_forget: Callable[[Student], None] = lambda student: None

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

    def named(self, name: str, but: Student | None = None) -> Student | None:
        """The student whose name is ``name`` or looks like it (:func:`name_keys`: case,
        width and look-alike letters do not count), other than ``but``; or None."""
        keys = name_keys(name)
        for student in self._students.values():
            if student is not but and student.keys & keys:
                return student
        return None

    # -- the pages

    def __contains__(self, page: Page) -> bool:
        return page in self._pages

    def joined_pages(self) -> list[Page]:
        return [s.page for s in self._students.values() if s.page is not None]

    def broadcast(self, text: str, pages: list[Page] | None = None) -> None:
        """Send ``text`` to every student's page (not to pages still on the join form), or to
        ``pages`` only."""
        for page in self.joined_pages() if pages is None else pages:
            page.send(text)

    def broadcast_in(
        self,
        write: Callable[[Page], str],
        key: Callable[[Page], Hashable],
        pages: list[Page] | None = None,
    ) -> None:
        """Send every student's page (or ``pages`` only) ``write(page)``, a message told its
        way (in its language, for its seat), written once for each ``key(page)`` (pages with
        the same key read the same message)."""
        written: dict = {}
        for page in self.joined_pages() if pages is None else pages:
            k = key(page)
            if k not in written:
                written[k] = write(page)
            page.send(written[k])

    def open_page(
        self,
        send: Callable[[str], None],
        close: Callable[[int, str], None],
        languages: list[str] | None = None,
        address: str | None = None,
    ):
        """A page connected (``languages``: its browser's, most wanted first; ``address``: the
        address it came from); returns its :class:`Page`, or None when the class is full of
        pages, or of pages from that address (it is told so and closed). A page that has not
        joined after ``join_wait`` seconds is closed (see :meth:`expire`)."""
        page = Page(send, close, pick_language(languages or []), address)
        limit = self.max_pages_per_address
        if (
            address is not None
            and limit is not None
            and sum(p.address == address for p in self._pages) >= limit
        ):
            page.notice(
                N_(
                    "Too many pages of this class are open on this device (at most {count}); "
                    "close one and try again."
                ),
                count=limit,
            )
            page.close(1013, "too many pages from this address")
            return None
        if len(self._pages) >= self.max_students + SPARE_PAGES and not self._make_room():
            page.notice(
                N_("Too many pages are open on this class just now; try again in a minute.")
            )
            page.close(1013, "too many pages")
            return None
        self._pages.add(page)
        with contextlib.suppress(RuntimeError):  # no running loop: expire() is called by hand
            loop = asyncio.get_running_loop()
            page.join_timer = loop.call_later(self.join_wait, self.expire, page)
        page.send(encode({"type": "hello", "max_name": MAX_NAME, "locked": self._locked}))
        return page

    def _make_room(self) -> bool:
        """The class is full of pages: close a page still on the join form for the newcomer,
        of the address that holds the most such pages, the oldest of them (once, with no
        limit per address, a school behind one address, a hundred idle pages from one phone
        kept every newcomer out until they timed out). A student's page is never closed for
        it; a closed page connects again by itself. True if a place was made."""
        idle = [p for p in self._pages if p.student is None]
        if not idle:
            return False
        held = Counter(p.address for p in idle)
        self.expire(min(idle, key=lambda p: (-held[p.address], p.opened)))
        return True

    def expire(self, page: Page) -> bool:
        """Close ``page`` if it is still on the join form (it did not join within
        ``join_wait`` seconds of connecting); True if it was closed."""
        if page not in self._pages or page.student is not None:
            return False
        self._pages.discard(page)
        if page.join_timer is not None:
            page.join_timer.cancel()
            page.join_timer = None
        page.close(JOIN_WAIT_CODE, "did not join in time")
        return True

    @staticmethod
    def read(page: Page, message) -> object | None:
        """A message from ``page``, decoded, or None when it may not be read (the page is told
        why: see :meth:`Page.admit`), is not JSON, or holds a text that cannot be written back
        (a lone surrogate: :func:`readable`), so nothing of it is ever stored or echoed."""
        if not page.admit(message):
            return None
        try:
            content = json.loads(message)
        except (ValueError, RecursionError):
            page.notice(NOT_UNDERSTOOD)
            return None
        if not readable(content):
            page.notice(NOT_UNDERSTOOD)
            return None
        return content

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
        page.send(encode({"type": "speech", "speech": speech, "request": request_id(content)}))

    def close_page(self, page: Page) -> bool:
        """A page went away; True when it was a student's page (whose count changed)."""
        self._pages.discard(page)
        if page.join_timer is not None:
            page.join_timer.cancel()
            page.join_timer = None
        student = page.student
        if student is not None and student.page is page:
            student.page = None  # they keep their name, seat and vote: they may come back
            student.away_since = time.monotonic()
            return True
        return False

    def end(self, write: Callable[[str], str]) -> None:
        """Send every page ``write(language)`` in its language, close it and forget it (the
        class has ended)."""
        for page in list(self._pages):
            if page.join_timer is not None:
                page.join_timer.cancel()
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
            raise BadMessage(NOT_UNDERSTOOD)
        student = self._students.get(session) if session else None
        if student is None:
            if "name" not in content and session:
                # A session this class does not know (an old class, or another one): ask again.
                page.send(encode({"type": "forgotten", "request": request_id(content)}))
                return None
            if self._locked:
                raise BadMessage(LOCKED)
            name = clean_name(content.get("name"))
            if self.named(name) is not None:
                raise BadMessage(
                    "The name {name} is taken: add an initial, or choose another.", name=name
                )
            if len(self._students) >= self.max_students:
                away = self._long_away()
                if away is None:
                    raise BadMessage(
                        "The class is full (at most {count} can join): ask your teacher.",
                        count=self.max_students,
                    )
                self._forget(away)  # away for long, no seat: the newcomer takes the place
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
        if page.join_timer is not None:
            page.join_timer.cancel()
            page.join_timer = None
        page.student = student
        student.page = page
        student.away_since = None
        self._welcome(student, request_id(content))
        return student

    def _welcome(self, student: Student, request) -> None:
        if student.page is not None:
            student.page.send(
                encode(
                    {
                        "type": "welcome",
                        "name": student.name,
                        "session": student.session,
                        "request": request,
                    }
                )
            )

    def _long_away(self) -> Student | None:
        """The student away the longest, if for more than ``away_grace`` seconds and without
        a place they keep (``keeps_place``: a seat); else None."""
        now = time.monotonic()
        away = [
            s
            for s in self._students.values()
            if s.page is None
            and s.away_since is not None
            and now - s.away_since > self.away_grace
            and not self.keeps_place(s)
        ]
        return min(away, key=lambda s: s.away_since, default=None)

    def _forget(self, student: Student) -> None:
        del self._students[student.session]
        self.on_forget(student)

    # -- the teacher's moderation

    def _own(self, student: Student) -> None:
        if self._students.get(student.session) is not student:
            raise ValueError(f"{student.name!r} is not a student of this class")

    def rename(self, student: Student, name: str) -> str:
        """Give ``student`` the name ``name`` (cleaned and compared like a join's: a name that
        is, or looks like, another student's is refused with BadMessage); their page is
        welcomed again under it (``request`` None). Returns the name as kept."""
        self._own(student)
        name = clean_name(name)
        other = self.named(name, but=student)
        if other is not None:
            raise BadMessage(
                "The name {name} is taken: add an initial, or choose another.", name=name
            )
        student.name = name
        student.keys = name_keys(name)
        self._welcome(student, None)
        return name

    def remove(self, student: Student) -> None:
        """End ``student``'s session for good: their page is told (``{"type": "removed"}``)
        and closed (code 4001), and a page coming back with that session is asked for a name
        ("forgotten"), as in a new class. Their name is free again: the teacher may lock the
        class (:meth:`lock`) to keep them out."""
        self._own(student)
        page = student.page
        student.page = None
        if page is not None:
            page.student = None
            page.notice(N_("Your teacher has removed you from the class."), level="info")
            page.send(encode({"type": "removed"}))
            page.close(REMOVED_CODE, "removed by the teacher")
            self._pages.discard(page)
        self._forget(student)

    @property
    def locked(self) -> bool:
        """Whether the class is closed to new students (see :meth:`lock`)."""
        return self._locked

    def lock(self) -> None:
        """Close the class to new students: a join by a new name is refused (a student coming
        back with their session still gets in); pages on the join form are told
        (``{"type": "locked", "locked": true}``)."""
        self._set_locked(True)

    def unlock(self) -> None:
        """Open the class to new students again (pages on the join form are told)."""
        self._set_locked(False)

    def _set_locked(self, locked: bool) -> None:
        if locked == self._locked:
            return
        self._locked = locked
        text = encode({"type": "locked", "locked": locked})
        for page in self._pages:
            if page.student is None:
                page.send(text)
