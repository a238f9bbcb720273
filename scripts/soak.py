"""Soak test of a running SuperText build, for `make soak`.

`python3 scripts/soak.py [--seconds N] [--clients N] BINARY` starts BINARY (`supertext`) on a free
loopback port with a fresh SQLite file and history retention, then runs a mixed load for N
seconds (default 1800): checks that are stored, streamed checks of a long text, history lists,
searches and reads, personal dictionary adds and removes, insights and LanguageTool `/v2/check`.
Every minute (and at the end) it prints one line: requests and errors by then, p50 and p99
latency over the last interval, the server's resident memory (VmRSS), its open file descriptors
and the size of the database files. It exits non-zero if any request failed (5xx, wrong answer
or a broken connection), or if memory or descriptors kept growing over the second half of the run.
Only the standard library; the server is stopped at the end.
"""
import argparse
import http.client
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

HERE = os.path.dirname(os.path.abspath(__file__))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def read_proc(pid):
    rss = 0
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1]) // 1024
    fds = len(os.listdir(f"/proc/{pid}/fd"))
    return rss, fds


def percentile(values, p):
    if not values:
        return 0.0
    values = sorted(values)
    return values[min(len(values) - 1, int(len(values) * p))]


class Load:
    def __init__(self, port, paragraph, long_text):
        self.port = port
        self.paragraph = paragraph
        self.long_text = long_text
        self.lock = threading.Lock()
        self.latencies = []
        self.counts = {}
        self.failures = []
        self.ids = []
        self.stop = threading.Event()

    def record(self, kind, seconds, failure=None):
        with self.lock:
            self.latencies.append(seconds * 1000)
            self.counts[kind] = self.counts.get(kind, 0) + 1
            if failure:
                self.failures.append(f"{kind}: {failure}")

    def request(self, conn, method, path, body=None, headers=None):
        conn.request(method, path, body=body, headers=headers or {})
        response = conn.getresponse()
        return response.status, response.read()

    def one(self, conn, rng):
        kind = rng.choices(
            ["check", "stream", "history", "search", "show", "dictionary", "insights", "v2"],
            weights=[40, 5, 10, 10, 10, 10, 5, 10],
        )[0]
        json_headers = {"Content-Type": "application/json"}
        start = time.monotonic()
        failure = None
        if kind == "check":
            words = self.paragraph.split()
            rng.shuffle(words)
            status, body = self.request(conn, "POST", "/api/v1/check", json.dumps({"text": " ".join(words), "language": "en-US"}), json_headers)
            if status != 200 or b'"matches"' not in body:
                failure = f"status {status}"
            else:
                stored = json.loads(body).get("id")
                if stored is not None:
                    with self.lock:
                        self.ids.append(stored)
                        del self.ids[:-200]
        elif kind == "stream":
            status, body = self.request(conn, "POST", "/api/v1/check/stream", json.dumps({"text": self.long_text, "language": "en-US", "store": False}), json_headers)
            if status != 200 or b"event: loaded" not in body:
                failure = f"status {status}, loaded {b'event: loaded' in body}"
        elif kind == "history":
            status, body = self.request(conn, "GET", "/api/v1/history?limit=20")
            failure = None if status == 200 else f"status {status}"
        elif kind == "search":
            word = rng.choice(["licence", "software", "teh", "recieve", "Debian", "copyright"])
            status, body = self.request(conn, "GET", "/api/v1/history?q=" + urllib.parse.quote(word))
            failure = None if status == 200 else f"status {status}"
        elif kind == "show":
            with self.lock:
                stored = rng.choice(self.ids) if self.ids else None
            if stored is None:
                status, body = self.request(conn, "GET", "/healthz")
            else:
                status, body = self.request(conn, "GET", f"/api/v1/history/{stored}")
            # Retention may have removed an old check: 404 is an answer, not a failure.
            failure = None if status in (200, 404) else f"status {status}"
        elif kind == "dictionary":
            word = f"Soakword{rng.randrange(50)}"
            status, body = self.request(conn, "POST", "/api/v1/dictionary", json.dumps({"word": word, "language": "en-US"}), json_headers)
            if status not in (200, 201):
                failure = f"add status {status}"
            else:
                status, body = self.request(conn, "DELETE", f"/api/v1/dictionary/{word}?language=en-US")
                failure = None if status in (200, 204, 404) else f"remove status {status}"
        elif kind == "insights":
            status, body = self.request(conn, "GET", "/api/v1/insights")
            failure = None if status == 200 else f"status {status}"
        else:
            form = urllib.parse.urlencode({"text": self.paragraph, "language": "en-US"})
            status, body = self.request(conn, "POST", "/v2/check", form, {"Content-Type": "application/x-www-form-urlencoded"})
            failure = None if status == 200 and b'"matches"' in body else f"status {status}"
        self.record(kind, time.monotonic() - start, failure)

    def client(self, seed):
        rng = random.Random(seed)
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        while not self.stop.is_set():
            try:
                self.one(conn, rng)
            except (OSError, http.client.HTTPException) as error:
                self.record("connection", 0, repr(error))
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        conn.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=int, default=int(os.environ.get("SOAK_SECONDS", "1800")))
    parser.add_argument("--clients", type=int, default=int(os.environ.get("SOAK_CLIENTS", "8")))
    parser.add_argument("--interval", type=int, default=60)
    args = parser.parse_args()

    with open(os.path.join(HERE, "bench-paragraph-typos.txt")) as f:
        paragraph = f.read().strip()
    with open(os.path.join(HERE, "bench-paragraph.txt")) as f:
        long_text = "\n\n".join([f.read().strip()] * 40)

    work = tempfile.mkdtemp(prefix="supertext-soak.")
    port = free_port()
    database = os.path.join(work, "soak.sqlite")
    log = open(os.path.join(work, "server.log"), "w")
    server = subprocess.Popen(
        [args.binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--database", database,
         "--history-max-count", "2000", "--log-level", "warning"],
        stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/readyz")
                if conn.getresponse().status == 200:
                    break
            except OSError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                print("soak: the server did not become ready", file=sys.stderr)
                return 2
            time.sleep(0.2)

        load = Load(port, paragraph, long_text)
        threads = [threading.Thread(target=load.client, args=(seed,), daemon=True) for seed in range(args.clients)]
        print(f"Soak: {args.clients} clients for {args.seconds} s against {args.binary} (pid {server.pid}), mixed load.")
        print(f"{'minute':>6} {'requests':>9} {'failed':>6} {'p50 ms':>7} {'p99 ms':>8} {'RSS MB':>7} {'fds':>5} {'db MB':>6}")
        started = time.monotonic()
        for thread in threads:
            thread.start()
        samples = []
        while True:
            remaining = args.seconds - (time.monotonic() - started)
            if remaining <= 0:
                break
            time.sleep(min(args.interval, remaining))
            with load.lock:
                interval, load.latencies = load.latencies, []
                total = sum(load.counts.values())
                failed = len(load.failures)
            rss, fds = read_proc(server.pid)
            size = sum(os.path.getsize(os.path.join(work, name)) for name in os.listdir(work) if name.startswith("soak.sqlite")) / 1e6
            elapsed = (time.monotonic() - started) / 60
            samples.append((elapsed, rss, fds))
            print(f"{elapsed:6.1f} {total:9d} {failed:6d} {percentile(interval, 0.5):7.1f} {percentile(interval, 0.99):8.1f} {rss:7d} {fds:5d} {size:6.1f}", flush=True)
        load.stop.set()
        for thread in threads:
            thread.join(timeout=90)
        print("requests by kind: " + ", ".join(f"{kind} {count}" for kind, count in sorted(load.counts.items())))
        status = 0
        if load.failures:
            print(f"soak: {len(load.failures)} requests failed; first: {load.failures[:5]}", file=sys.stderr)
            status = 1
        if server.poll() is not None:
            print("soak: the server exited during the run", file=sys.stderr)
            status = 1
        half = samples[len(samples) // 2:] if len(samples) >= 4 else []
        if half:
            # Growth that never stops: the last sample far above the middle one on both counts.
            rss_growth = half[-1][1] - half[0][1]
            fd_growth = half[-1][2] - half[0][2]
            print(f"second half: RSS {half[0][1]} -> {half[-1][1]} MB, fds {half[0][2]} -> {half[-1][2]}")
            if rss_growth > max(50, half[0][1] * 0.25) or fd_growth > 20:
                print("soak: memory or file descriptors kept growing", file=sys.stderr)
                status = 1
        print("soak: " + ("passed" if status == 0 else "FAILED"))
        return status
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()
        if os.environ.get("SOAK_KEEP") != "1":
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
