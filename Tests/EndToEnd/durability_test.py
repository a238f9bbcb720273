"""Kills the server with SIGKILL in the middle of concurrent checks, then proves that every
acknowledged check is in the database and that the database passes PRAGMA integrity_check."""
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/supertext"


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_ready(port, process, seconds=300):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"server exited early with {process.returncode}")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=1) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("server not ready in time")


def main():
    directory = tempfile.mkdtemp(prefix="supertext-durability-")
    database = os.path.join(directory, "history.sqlite")
    port = free_port()
    log = open(os.path.join(directory, "server.log"), "w")
    server = subprocess.Popen(
        [BINARY, "serve", "--port", str(port), "--database", database, "--public-dir", "public"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    acknowledged = []
    lock = threading.Lock()
    stop = threading.Event()

    def client(number):
        index = 0
        while not stop.is_set():
            index += 1
            text = f"Client {number} check {index}: I recieve teh leter tomorow."
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}/api/v1/check",
                data=json.dumps({"text": text, "language": "en-US"}).encode(),
                headers={"Content-Type": "application/json"},
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as response:
                    body = json.load(response)
            except OSError:
                continue  # the server is gone: this one was never acknowledged
            with lock:
                acknowledged.append((body["id"], text))

    try:
        wait_ready(port, server)
        threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(8)]
        for thread in threads:
            thread.start()
        # Let checks flow, then kill the server while they are in flight.
        while True:
            time.sleep(0.2)
            with lock:
                if len(acknowledged) >= 150:
                    break
        server.send_signal(signal.SIGKILL)
        server.wait()
        stop.set()
        for thread in threads:
            thread.join(timeout=15)
    finally:
        if server.poll() is None:
            server.kill()

    connection = sqlite3.connect(database, isolation_level=None)
    integrity = connection.execute("PRAGMA integrity_check").fetchone()[0]
    stored = dict(connection.execute('SELECT id, text FROM "check"').fetchall())
    # The full-text index may lag behind the checks (it is filled after they are saved) but
    # never contradicts them: FTS5's own check of its index.
    connection.execute("INSERT INTO checkSearch(checkSearch) VALUES ('integrity-check')")
    pending = connection.execute(
        'SELECT count(*) FROM "check" WHERE id > (SELECT lastIndexedId FROM searchProgress)').fetchone()[0]
    missing = [(id, text) for id, text in acknowledged if stored.get(id) != text]
    print(f"acknowledged {len(acknowledged)} checks before SIGKILL; {len(stored)} in the database; "
          f"integrity_check: {integrity}; missing: {len(missing)}; not yet in the search index: {pending}")
    assert integrity == "ok", integrity
    assert len(acknowledged) >= 150, "too few checks acknowledged"
    assert not missing, f"acknowledged but lost: {missing[:5]}"
    # The server starts again on the same file and serves the history.
    port = free_port()
    server = subprocess.Popen(
        [BINARY, "serve", "--port", str(port), "--database", database, "--public-dir", "public"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        wait_ready(port, server)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/history?limit=1", timeout=5) as response:
            items = json.load(response)["items"]
        assert items and items[0]["id"] == max(stored), items
        # A search sees every stored check, those the index had not reached before the kill too.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/history?limit=200&q=recieve", timeout=30) as response:
            found = [item["id"] for item in json.load(response)["items"]]
        assert found == sorted(stored, reverse=True)[:200], f"search found {len(found)} of {len(stored)}"
        connection = sqlite3.connect(database, isolation_level=None)
        connection.execute("INSERT INTO checkSearch(checkSearch, rank) VALUES ('integrity-check', 1)")
        indexed = connection.execute("SELECT count(*) FROM checkSearch WHERE checkSearch MATCH 'recieve'").fetchone()[0]
        assert indexed == len(stored), f"{indexed} of {len(stored)} checks in the search index"
        print(f"restarted on the same file: history intact, search finds every check ({indexed} indexed)")
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
