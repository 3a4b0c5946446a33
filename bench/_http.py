"""Shared by the HTTP benchmarks (bench/load.py, bench/validate.py): a free loopback port, and keep-alive
clients hammering one URL for a while."""

from __future__ import annotations

import http.client
import socket
import subprocess
import threading
import time


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_listening(port: int, server: subprocess.Popen[bytes], what: str, *, seconds: float = 60) -> None:
    """Return once ``server`` accepts connections on ``port``; raise with its error output if it exits or is not
    listening within ``seconds``."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"{what} did not start: " + (server.stderr.read().decode()
                                                                if server.stderr else "")) from None
            time.sleep(0.2)


def hammer(port: int, method: str, url: str, body: bytes | None, seconds: float,
            clients: int) -> tuple[int, int, list[float]]:
    """Answers, answers that were not 200, and every latency (seconds) of ``clients`` keep-alive connections."""
    counts, bad = [0] * clients, [0] * clients
    latencies: list[list[float]] = [[] for _ in range(clients)]
    stop = time.perf_counter() + seconds
    headers = {"Content-Type": "application/json", "Connection": "keep-alive"}

    def client(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while (now := time.perf_counter()) < stop:
            try:
                conn.request(method, url, body=body, headers=headers)
                response = conn.getresponse()
                response.read()
            except (http.client.HTTPException, OSError):
                bad[i] += 1
                counts[i] += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                continue
            latencies[i].append(time.perf_counter() - now)
            counts[i] += 1
            if response.status != 200:
                bad[i] += 1
            if response.will_close:
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.close()

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts), sum(bad), sorted(x for part in latencies for x in part)
