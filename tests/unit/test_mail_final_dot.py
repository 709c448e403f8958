"""The final "." of DATA is written straight into a plain TCP socket (services/mail/smtp.py), or left to the
transport when it cannot be: every byte of it reaches the server once either way."""

from __future__ import annotations

import asyncio

from services.mail.smtp import FINAL_DOT, write_final_dot


async def test_the_final_dot_reaches_the_peer_through_the_socket_and_never_twice():
    received = asyncio.get_running_loop().create_future()

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        received.set_result(await reader.read(100))
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    _, writer = await asyncio.open_connection("127.0.0.1", port)
    assert write_final_dot(writer.transport) == len(FINAL_DOT)
    assert writer.transport.get_write_buffer_size() == 0  # nothing left for the transport to send again
    writer.close()
    assert await asyncio.wait_for(received, 10) == FINAL_DOT
    server.close()


async def test_a_closing_or_missing_transport_leaves_the_dot_to_the_transport():
    server = await asyncio.start_server(lambda r, w: w.close(), "127.0.0.1", 0)
    _, writer = await asyncio.open_connection("127.0.0.1", server.sockets[0].getsockname()[1])
    writer.close()
    assert write_final_dot(writer.transport) == 0
    assert write_final_dot(None) == 0
    server.close()
