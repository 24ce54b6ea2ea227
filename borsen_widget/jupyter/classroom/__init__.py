"""The class on the students' phones: ``room = w.classroom()``.

- :mod:`~borsen_widget.jupyter.classroom.room`: the class itself (students, sessions, seats,
  votes, limits), every request from a student's page checked in Python;
- :mod:`~borsen_widget.jupyter.classroom.server`: the web server (tornado, on the kernel's own
  event loop) that serves the student page and carries the messages over WebSockets;
- :mod:`~borsen_widget.jupyter.classroom.card`: the join card (the address and its QR code).

Nothing here is imported until a class is opened: ``import borsen_widget`` and the widget work
without tornado (JupyterLite, where no server can run).
"""
