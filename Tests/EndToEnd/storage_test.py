"""Storage faults with the real binary: two processes creating one database at once, the
database file deleted and replaced under load, and a disk that really fills up (a 1 MB tmpfs,
where mounting is permitted). Nothing acknowledged may be lost: no check sent after the file was
deleted or replaced is acknowledged (their commits would go to a file nobody opens again), and a
replaced file is left as it was put there, even when the server is killed after."""
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/supertext"
READY_TIMEOUT = float(os.environ.get("SUPERTEXT_READY_TIMEOUT", "600"))


def check(condition, message):
    if not condition:
        raise SystemExit(f"FAIL: {message}")


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`supertext serve` on a free port, its log in a file."""

    def __init__(self, database, directory, name):
        self.port = free_port()
        self.log_path = os.path.join(directory, f"{name}.log")
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [BINARY, "serve", "--port", str(self.port), "--database", database, "--public-dir", "public"],
            stdout=self.log, stderr=subprocess.STDOUT,
        )
        deadline = time.time() + READY_TIMEOUT
        while time.time() < deadline:
            check(self.process.poll() is None, f"the server exited early; its log:\n{self.log_text()}")
            if self.get("/readyz")[0] == 200:
                return
            time.sleep(0.3)
        raise SystemExit(f"FAIL: the server was not ready in time; its log:\n{self.log_text()}")

    def request(self, method, path, body=None):
        """(status, JSON body or text) of a request; (0, None) when the server cannot be reached."""
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}", data=data, method=method,
            headers={"Content-Type": "application/json"} if data else {},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, raw = error.code, error.read()
        except OSError:
            return 0, None
        try:
            return status, json.loads(raw) if raw else None
        except ValueError:
            return status, raw.decode(errors="replace")

    def get(self, path):
        return self.request("GET", path)

    def check_text(self, text, store=True):
        return self.request("POST", "/api/v1/check", {"text": text, "language": "en-US", "store": store})

    def log_text(self):
        self.log.flush()
        with open(self.log_path) as file:
            return file.read()

    def error_lines(self, code):
        return [line for line in self.log_text().splitlines() if " error " in line and f"storage: {code}" in line]

    def stop(self, how=signal.SIGTERM):
        if self.process.poll() is None:
            self.process.send_signal(how)
            self.process.wait(timeout=60)
        self.log.close()


def error_code(body):
    return body.get("error", {}).get("code") if isinstance(body, dict) else None


class Load:
    """Eight clients sending checks to be stored, each noting whether it was sent after `event`."""

    def __init__(self, server, event):
        self.results = []  # (sent after the event, status, body)
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.threads = [threading.Thread(target=self.client, args=(server, event, n), daemon=True) for n in range(8)]
        for thread in self.threads:
            thread.start()

    def client(self, server, event, number):
        index = 0
        while not self.stop.is_set():
            index += 1
            after = event.is_set()
            status, body = server.check_text(f"Client {number} check {index}: I recieve teh leter tomorow.")
            with self.lock:
                self.results.append((after, status, body))

    def acknowledged(self):
        with self.lock:
            return sum(1 for _, status, body in self.results if status == 200 and isinstance(body, dict) and body.get("id"))

    def finish(self):
        self.stop.set()
        for thread in self.threads:
            thread.join(timeout=60)
        return self.results


def run_under_load(server, action, seconds_after=3):
    """Checks flow; `action` deletes or replaces the file; checks flow on. The results."""
    event = threading.Event()
    load = Load(server, event)
    deadline = time.time() + 120
    while load.acknowledged() < 150:
        check(time.time() < deadline, "checks were not acknowledged before the file was touched")
        time.sleep(0.05)
    action()
    event.set()
    time.sleep(seconds_after)
    return load.finish()


def assert_nothing_acknowledged_after(results, code, what):
    after = [(status, body) for sent_after, status, body in results if sent_after]
    acknowledged = [body for status, body in after if status == 200]
    check(not acknowledged, f"{len(acknowledged)} checks sent after the file was {what} were acknowledged: {acknowledged[:3]}")
    refused = [body for status, body in after if status == 503 and error_code(body) == code]
    check(refused, f"no check sent after the file was {what} was refused with {code}")
    check(all(status != 500 for _, status, _ in results), "a check was answered 500")
    print(f"file {what} under load: {sum(1 for r in results if not r[0] and r[1] == 200)} acknowledged before, "
          f"{len(after)} sent after, none acknowledged, {len(refused)} refused with {code}")


def assert_not_ready(server, code):
    status, body = server.get("/readyz")
    check(status == 503, f"/readyz answered {status}, not 503")
    check(body["storage"]["code"] == code, f"/readyz storage is {body['storage']}")
    status, body = server.check_text("Not kept: I recieve it.", store=False)
    check(status == 200 and body["id"] is None, f"a check with store false answered {status} {body}")


def two_processes_on_a_new_file(directory):
    for round in range(10):
        database = os.path.join(directory, f"race-{round}.sqlite")
        open(database, "w").close()
        processes = [
            subprocess.Popen([BINARY, "history", "--database", database], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
            for _ in range(2)
        ]
        for process in processes:
            output = process.communicate(timeout=120)[0].decode()
            check(process.returncode == 0, f"round {round}: a second process on a new database failed: {output}")
    print("two processes creating one database at once: both open it, 10 times out of 10")


def deleted_then_replaced(directory):
    database = os.path.join(directory, "history.sqlite")
    server = Server(database, directory, "deleted")
    try:
        results = run_under_load(server, lambda: os.unlink(database))
        assert_nothing_acknowledged_after(results, "storage_gone", "deleted")
        assert_not_ready(server, "storage_gone")
        check(len(server.error_lines("storage_gone")) == 1, f"storage_gone logged {len(server.error_lines('storage_gone'))} times")
    finally:
        server.stop()

    # The next start makes a new database at the path and stores again.
    server = Server(database, directory, "replaced")
    try:
        status, body = server.check_text("A new start: I recieve it.")
        check(status == 200 and body["id"], f"after a restart a check answered {status} {body}")
        backup = os.path.join(directory, "backup.sqlite")
        kept = {}

        def replace():
            # A copy of the database as it is now, put in its place (a backup restored).
            source = sqlite3.connect(database)
            target = sqlite3.connect(backup)
            source.backup(target)
            kept["count"] = target.execute('SELECT count(*) FROM "check"').fetchone()[0]
            target.close()
            source.close()
            with open(backup, "rb") as file:
                kept["bytes"] = file.read()
            os.rename(backup, database)

        results = run_under_load(server, replace)
        assert_nothing_acknowledged_after(results, "storage_gone", "replaced")
        assert_not_ready(server, "storage_gone")
    finally:
        # Killed: the log of the replaced file stays beside the new one, and must not be
        # replayed into it.
        server.stop(signal.SIGKILL)
    with open(database, "rb") as file:
        check(file.read() == kept["bytes"], "the file put in place of the database was written to")
    connection = sqlite3.connect(database)
    check(connection.execute("PRAGMA integrity_check").fetchone()[0] == "ok", "the replacement is damaged")
    count = connection.execute('SELECT count(*) FROM "check"').fetchone()[0]
    check(count == kept["count"], f"the replacement has {count} checks, not the {kept['count']} it was made with")
    connection.close()
    print(f"replaced file: left as it was put there ({kept['count']} checks), sound after SIGKILL")


def full_disk(directory):
    mount = os.path.join(directory, "small-disk")
    os.mkdir(mount)
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mount], capture_output=True).returncode != 0:
        print("SKIP full disk: mounting a tmpfs is not permitted here (the Swift tests limit the pages instead)")
        return
    server = None
    try:
        server = Server(os.path.join(mount, "history.sqlite"), directory, "full")
        stored, refused = 0, None
        for number in range(5000):
            status, body = server.check_text(f"Check {number} with a tpyo. " + f"Plain words number {number} fill the disk. " * 40)
            check(status in (200, 507), f"a check answered {status} {body}")
            if status == 507:
                refused = body
                break
            stored += 1
        check(refused is not None and error_code(refused) == "storage_full", "the disk never filled")
        for _ in range(20):
            status, body = server.check_text("Refused: I recieve it.")
            check(status == 507 and error_code(body) == "storage_full", f"a check on the full disk answered {status} {body}")
        assert_not_ready(server, "storage_full")
        for path in ("/api/v1/history", "/api/v1/history?q=tpyo", "/api/v1/insights"):
            status, _ = server.get(path)
            check(status == 200, f"GET {path} answered {status} on the full disk")
        status, body = server.request("DELETE", "/api/v1/history")
        check(status == 204, f"DELETE /api/v1/history answered {status} {body} on the full disk")
        status, body = server.get("/readyz")
        check(status == 200, f"/readyz answered {status} {body} once history was deleted")
        status, body = server.check_text("Stored again: I recieve it.")
        check(status == 200 and body["id"], f"a check after deleting history answered {status} {body}")
        check(len(server.error_lines("storage_full")) == 1, f"storage_full logged {len(server.error_lines('storage_full'))} times")
        print(f"full disk (1 MB tmpfs): {stored} checks stored, then 507 storage_full; history deleted on the full disk; stored again")
    finally:
        if server:
            server.stop()
        subprocess.run(["umount", "-l", mount])


def main():
    directory = tempfile.mkdtemp(prefix="supertext-storage-")
    try:
        two_processes_on_a_new_file(directory)
        deleted_then_replaced(directory)
        full_disk(directory)
    finally:
        shutil.rmtree(directory, ignore_errors=True)
    print("storage: OK")


if __name__ == "__main__":
    main()
