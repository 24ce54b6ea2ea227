"""The notebook layer: the playable widget, the teacher's panel, the rules editor and what they
need (the public view, the message protocol, where this Python runs). The top layer: it may
read every other, and nothing reads it."""

__all__: list[str] = []
