"""Phones on a lesson's class while nbclient runs the lesson's notebook cell by cell: a
student's page as a tornado WebSocket that joins by name (:func:`phone`), waiting for the class
to answer (:func:`until`), and a value read from the lesson's kernel (:func:`data`). Shared by
tests/notebooks/test_classroom_notebook.py and test_strategy_tournament.py."""

from __future__ import annotations

import asyncio
import json


async def phone(url: str, name: str):
    """A student's page: joins as ``name``; returns the connection and its messages."""
    from tornado import websocket

    conn = await websocket.websocket_connect(url.replace("http://", "ws://") + "ws")
    messages: list[dict] = []

    async def read():
        while (text := await conn.read_message()) is not None:
            messages.append(json.loads(text))

    task = asyncio.get_running_loop().create_task(read())
    await until(lambda: any(m["type"] == "hello" for m in messages))
    await conn.write_message(json.dumps({"intent": "join", "name": name, "id": "j"}))
    await until(lambda: any(m["type"] == "welcome" for m in messages))
    return conn, messages, task


async def until(condition, timeout: float = 10.0) -> None:
    for _ in range(int(timeout / 0.02)):
        if condition():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the class did not answer in time")


async def data(client, expression: str):
    """``expression``'s value in the lesson's kernel, as JSON (a cell of the test's own, not
    the lesson's)."""
    import nbformat

    cell = nbformat.v4.new_code_cell(f"import json; print(json.dumps({expression}))")
    await client.async_execute_cell(cell, 0)
    text = "".join(o.get("text", "") for o in cell.outputs if o.get("output_type") == "stream")
    return json.loads(text)
