"""The class on the students' phones: ``room = w.classroom()``.

- :mod:`~borsen_widget.classroom.room`: the class itself (``Classroom``), every request
  from a student's page checked in Python and the pages kept in step, with its parts:
  :mod:`~borsen_widget.classroom.sessions` (students, their sessions and pages, the
  token and the limits), :mod:`~borsen_widget.classroom.seats` (who holds which seat,
  and a seat's moves) and :mod:`~borsen_widget.classroom.questions` (the vote; the
  kinds of question to come go beside it);
- :mod:`~borsen_widget.classroom.server`: the web server (tornado, on the kernel's own
  event loop) that serves the student page and carries the messages over WebSockets;
- :mod:`~borsen_widget.classroom.reach`: how the phones reach it (through the Jupyter
  server the notebook runs under, :mod:`borsen_widget.server`, or its own port), the join
  address, and opening the class to the classroom's network;
- :mod:`~borsen_widget.jupyter.join_card`: the join card (the address and its QR code), as
  the widget and a notebook cell show it.

Nothing here is imported until a class is opened: ``import borsen_widget`` and the widget work
without tornado (JupyterLite, where no server can run).
"""

__all__: list[str] = []
