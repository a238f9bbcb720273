"""Two SuperText servers on one PostgreSQL behind HAProxy, all on loopback:

- a check saved through server A is found by a history search through server B;
- a word added to the personal dictionary through B is no longer flagged by A within a second;
- a rule turned off through B is no longer reported by A within a second;
- SIGKILL of A during a stream of concurrent checks through the balancer loses no acknowledged
  check, and the balancer sends the rest to B;
- PostgreSQL stopped: B still checks what is not stored, refuses to store with 503
  `storage_unavailable`, and `/readyz` says why; PostgreSQL back: B stores again by itself;
- users: once `supertext users add` runs on the database, both servers need a key within a
  second; a key made through A works on B, a key revoked through B is refused by both, within a
  second; each user's history stays theirs through the balancer.

PostgreSQL comes from Debian's postgresql package (initdb in a temporary directory, run as the
postgres user when this runs as root), HAProxy from Debian's haproxy; both stop at the end."""
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

BINARY = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/supertext"
READY_TIMEOUT = int(os.environ.get("SUPERTEXT_READY_TIMEOUT", "600"))


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def as_postgres(command):
    """PostgreSQL refuses to run as root: its programs then run as the postgres user."""
    if os.getuid() == 0:
        return ["runuser", "-u", "postgres", "--"] + command
    return command


def request(url, body=None, method=None, timeout=10, key=None):
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    with urllib.request.urlopen(req, timeout=timeout) as response:
        raw = response.read()
        return response.status, json.loads(raw) if raw else None


def refused(url, body=None, method=None, key=None):
    """The status and JSON body of a request that may be refused."""
    try:
        return request(url, body, method=method, key=key)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


# The steps of users poll a replica with a key it does not know yet (made through the other) or
# no longer knows (revoked), fifty times a second: with the default throttle of wrong keys, ten
# such polls within a minute made the next answers 429, not the 401 the step waits for. The
# throttle has tests of its own (UsersAPITests).
UNTHROTTLED = ["--failed-keys-per-minute", "0"]


def within_a_second(what, holds):
    """Polls `holds` until it is true; fails after a second. The time it took, in ms."""
    start = time.monotonic()
    while not holds():
        assert time.monotonic() - start < 1.0, f"{what}: not so a second later"
        time.sleep(0.02)
    return (time.monotonic() - start) * 1000


def wait_ready(url, process=None, seconds=READY_TIMEOUT):
    deadline = time.time() + seconds
    while time.time() < deadline:
        if process is not None and process.poll() is not None:
            raise SystemExit(f"FAIL: {url} exited early with {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/readyz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"FAIL: {url} not ready in {seconds}s")


def flagged(url, word):
    _, body = request(f"{url}/api/v1/check", {"text": f"We deploy {word} today.", "language": "en-US", "store": False})
    return any(match["text"] == word for match in body["matches"])


def reports_rule(url, rule):
    _, body = request(f"{url}/api/v1/check", {"text": "She ate a apple.", "language": "en-US", "store": False})
    return any(match["rule"] == rule for match in body["matches"])


def main():
    work = tempfile.mkdtemp(prefix="supertext-cluster-")
    processes = []
    binaries = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not binaries:
        raise SystemExit("FAIL: PostgreSQL is not installed (scripts/install-deps.sh test)")
    bin_dir = os.path.dirname(binaries[-1])
    if shutil.which("haproxy") is None:
        raise SystemExit("FAIL: haproxy is not installed (scripts/install-deps.sh test)")
    data = os.path.join(work, "pg")
    os.makedirs(data)
    if os.getuid() == 0:
        shutil.chown(work, "postgres")
        shutil.chown(data, "postgres")
    pg_port = free_port()
    try:
        subprocess.run(as_postgres([f"{bin_dir}/initdb", "-D", data, "-U", "supertext", "--auth=trust", "-E", "UTF8",
                                    "--no-locale"]), check=True, stdout=subprocess.DEVNULL)
        subprocess.run(as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-l", os.path.join(work, "pg.log"), "-w", "start", "-o",
                                    f"-p {pg_port} -k {work} -c listen_addresses=127.0.0.1"]), check=True,
                       stdout=subprocess.DEVNULL)
        subprocess.run([f"{bin_dir}/createdb", "-h", "127.0.0.1", "-p", str(pg_port), "-U", "supertext", "supertext"],
                       check=True)
        database = f"postgres://supertext@127.0.0.1:{pg_port}/supertext?sslmode=disable"

        servers = {}
        for name in ("a", "b"):
            port = free_port()
            log = open(os.path.join(work, f"{name}.log"), "w")
            process = subprocess.Popen(
                [BINARY, "serve", "--port", str(port), "--database", database, "--public-dir", "public", "--workers", "2"] + UNTHROTTLED,
                stdout=log, stderr=subprocess.STDOUT)
            processes.append(process)
            servers[name] = (f"http://127.0.0.1:{port}", port, process)
        for url, _, process in servers.values():
            wait_ready(url, process)
        a, b = servers["a"][0], servers["b"][0]

        balancer_port = free_port()
        config = os.path.join(work, "haproxy.cfg")
        with open(config, "w") as file:
            file.write(f"""
global
    maxconn 256
defaults
    mode http
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    retries 3
    option redispatch
frontend supertext
    bind 127.0.0.1:{balancer_port}
    default_backend replicas
backend replicas
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 300ms fall 1 rise 2
    server a 127.0.0.1:{servers["a"][1]} check
    server b 127.0.0.1:{servers["b"][1]} check
""")
        haproxy = subprocess.Popen(["haproxy", "-db", "-f", config], stdout=open(os.path.join(work, "haproxy.log"), "w"),
                                   stderr=subprocess.STDOUT)
        processes.append(haproxy)
        balancer = f"http://127.0.0.1:{balancer_port}"
        wait_ready(balancer, haproxy, seconds=30)

        # 1. Saved through A, found through B.
        _, saved = request(f"{a}/api/v1/check", {"text": "The zanzibarquux report arrives tomorow.", "language": "en-US"})
        _, found = request(f"{b}/api/v1/history?q=zanzibarq")
        assert [item["id"] for item in found["items"]] == [saved["id"]], found
        print(f"check #{saved['id']} saved through A is found by a search through B")

        # 2. A word added through B is accepted by A within a second.
        word = "Frobnicatorix"
        assert flagged(a, word), "the word is flagged before it is added"
        status, _ = request(f"{b}/api/v1/dictionary", {"word": word})
        assert status == 201, status
        added = time.monotonic()
        while flagged(a, word):
            assert time.monotonic() - added < 1.0, "A still flags the word a second after B added it"
            time.sleep(0.02)
        print(f"a word added through B is accepted by A after {(time.monotonic() - added) * 1000:.0f} ms")

        # 2b. A rule turned off through B is not reported by A within a second.
        rule = "EN_A_VS_AN"
        assert reports_rule(a, rule), "the rule is not reported before it is turned off"
        status, _ = request(f"{b}/api/v1/rules/disabled/{rule}", method="PUT")
        assert status == 201, status
        turned_off = time.monotonic()
        while reports_rule(a, rule):
            assert time.monotonic() - turned_off < 1.0, "A still reports the rule a second after B turned it off"
            time.sleep(0.02)
        print(f"a rule turned off through B is left out by A after {(time.monotonic() - turned_off) * 1000:.0f} ms")

        # 3. SIGKILL of A while checks stream through the balancer.
        acknowledged = []
        after_kill = []
        lock = threading.Lock()
        stop = threading.Event()
        killed = threading.Event()

        def client(number):
            index = 0
            while not stop.is_set():
                index += 1
                text = f"Client {number} check {index}: I recieve teh leter tomorow."
                try:
                    _, body = request(f"{balancer}/api/v1/check", {"text": text, "language": "en-US"})
                except (OSError, urllib.error.HTTPError):
                    continue  # not acknowledged
                with lock:
                    acknowledged.append((body["id"], text))
                    if killed.is_set():
                        after_kill.append(body["id"])

        threads = [threading.Thread(target=client, args=(n,), daemon=True) for n in range(8)]
        for thread in threads:
            thread.start()
        while True:
            time.sleep(0.1)
            with lock:
                if len(acknowledged) >= 100:
                    break
        servers["a"][2].send_signal(signal.SIGKILL)
        servers["a"][2].wait()
        killed.set()
        deadline = time.time() + 60
        while time.time() < deadline:
            time.sleep(0.2)
            with lock:
                if len(after_kill) >= 100:
                    break
        stop.set()
        for thread in threads:
            thread.join(timeout=15)
        missing = []
        for id, text in acknowledged:
            try:
                _, stored = request(f"{b}/api/v1/history/{id}")
                if stored["text"] != text:
                    missing.append(id)
            except urllib.error.HTTPError:
                missing.append(id)
        print(f"acknowledged {len(acknowledged)} checks through the balancer, {len(after_kill)} after SIGKILL of A "
              f"(served by B); missing: {len(missing)}")
        assert not missing, f"acknowledged but lost: {missing[:5]}"
        assert len(after_kill) >= 100, "the balancer did not send the checks to B"

        # 4. PostgreSQL stops, then comes back.
        subprocess.run(as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-m", "fast", "-w", "stop"]), check=True,
                       stdout=subprocess.DEVNULL)
        status, body = refused(f"{b}/api/v1/check", {"text": "Stored while the database is down.", "language": "en-US"})
        assert status == 503 and body["error"]["code"] == "storage_unavailable", (status, body)
        status, unstored = request(f"{b}/api/v1/check", {"text": "I recieve it.", "language": "en-US", "store": False})
        assert status == 200 and [m["text"] for m in unstored["matches"]] == ["recieve"], unstored
        deadline = time.time() + 10
        while True:
            status, readiness = refused(f"{b}/readyz")
            if status == 503 and (readiness.get("storage") or {}).get("code") == "storage_unavailable":
                break
            assert time.time() < deadline, f"/readyz does not report the database down: {status} {readiness}"
            time.sleep(0.2)
        print("PostgreSQL down: checks that store nothing answer, storing is refused with storage_unavailable, "
              "/readyz is not ready and says why")
        subprocess.run(as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-l", os.path.join(work, "pg.log"), "-w", "start", "-o",
                                    f"-p {pg_port} -k {work} -c listen_addresses=127.0.0.1"]), check=True,
                       stdout=subprocess.DEVNULL)
        back = time.monotonic()
        wait_ready(b, servers["b"][2], seconds=30)
        _, stored = request(f"{b}/api/v1/check", {"text": "Stored once the database is back.", "language": "en-US"})
        assert isinstance(stored.get("id"), int), stored
        print(f"PostgreSQL back: B is ready and stores again after {(time.monotonic() - back) * 1000:.0f} ms")

        # 5. Users. A again (it was killed), beside B.
        port = servers["a"][1]
        log = open(os.path.join(work, "a.log"), "a")
        process = subprocess.Popen(
            [BINARY, "serve", "--port", str(port), "--database", database, "--public-dir", "public", "--workers", "2"] + UNTHROTTLED,
            stdout=log, stderr=subprocess.STDOUT)
        processes.append(process)
        wait_ready(a, process)
        made = subprocess.run([BINARY, "users", "add", "ada", "--admin", "--database", database],
                              check=True, capture_output=True, text=True)
        ada = made.stdout.strip()
        assert ada.startswith("st_") and "\n" not in ada, made.stdout
        took = max(within_a_second(f"{url} needs a key", lambda url=url: refused(f"{url}/api/v1/history")[0] == 401)
                   for url in (a, b))
        print(f"users added on the database: both servers need a key after {took:.0f} ms")
        status, _ = refused(f"{a}/api/v1/history/{saved['id']}", key=ada)
        assert status == 200, f"the first admin does not have the history kept before users: {status}"
        status, created = request(f"{a}/api/v1/users", {"name": "bob"}, key=ada)
        assert status == 201, status
        bob = created["key"]
        took = within_a_second("a key made through A works on B", lambda: refused(f"{b}/api/v1/me", key=bob)[0] == 200)
        print(f"a key made through A works on B after {took:.0f} ms")
        _, checked = request(f"{balancer}/api/v1/check", {"text": "Bob's private draft, tomorow.", "language": "en-US"}, key=bob)
        status, _ = refused(f"{balancer}/api/v1/history/{checked['id']}", key=ada)
        assert status == 404, f"Ada reads Bob's check: {status}"
        _, found = request(f"{balancer}/api/v1/history?q=private", key=ada)
        assert found["items"] == [], found
        # Every route with Bob's key on Ada's data, in PostgreSQL: nothing of hers.
        _, adas = request(f"{balancer}/api/v1/check", {"text": "Ada's secret contract, recieve it.", "language": "en-US"}, key=ada)
        request(f"{balancer}/api/v1/dictionary", {"word": "Adaword"}, key=ada)
        request(f"{balancer}/api/v1/rules/disabled/DOUBLE_SPACE", method="PUT", key=ada)
        for method, path in (("GET", f"/api/v1/history/{adas['id']}"), ("DELETE", f"/api/v1/history/{adas['id']}"),
                             ("DELETE", "/api/v1/dictionary/Adaword"), ("DELETE", "/api/v1/rules/disabled/DOUBLE_SPACE")):
            status, _ = refused(f"{balancer}{path}", method=method, key=bob)
            assert status == 404, f"{method} {path} with Bob's key: {status}"
        _, bobs = request(f"{balancer}/api/v1/history?q=contract", key=bob)
        _, words = request(f"{balancer}/api/v1/dictionary", key=bob)
        _, rules = request(f"{balancer}/api/v1/rules/disabled", key=bob)
        _, insights = request(f"{balancer}/api/v1/insights", key=bob)
        assert bobs["items"] == [] and words["words"] == [] and rules["rules"] == [], (bobs, words, rules)
        assert "recieve" not in [m["word"] for m in insights["frequentMistakes"]], insights
        with urllib.request.urlopen(urllib.request.Request(
                f"{balancer}/api/v1/dictionary/export", headers={"Authorization": f"Bearer {bob}"}), timeout=10) as exported:
            assert exported.read() == b"", "Bob's export holds Ada's words"
        # The same through /v2 with LanguageTool's username and apiKey.
        form = urllib.parse.urlencode({"text": "Adaword is here.", "language": "en-US", "username": "bob", "apiKey": bob}).encode()
        with urllib.request.urlopen(urllib.request.Request(f"{balancer}/v2/check", data=form), timeout=10) as answer:
            bobs_matches = json.load(answer)["matches"]
        assert [m["offset"] for m in bobs_matches] == [0], "Bob's /v2 check accepts Ada's word"
        query = urllib.parse.urlencode({"username": "bob", "apiKey": bob})
        with urllib.request.urlopen(f"{balancer}/v2/words?{query}", timeout=10) as answer:
            assert json.load(answer)["words"] == [], "Bob's /v2/words lists Ada's word"
        status, _ = refused(f"{balancer}/api/v1/history", method="DELETE", key=bob)
        assert status == 204, status
        _, still = request(f"{balancer}/api/v1/history/{adas['id']}", key=ada)
        assert still["text"].startswith("Ada's secret"), still
        print("every route with Bob's key on Ada's data finds nothing of hers; Bob deleting all his history leaves hers")
        status, _ = refused(f"{b}/api/v1/users/bob/keys/{created['keyId']}", method="DELETE", key=ada)
        assert status == 204, status
        took = max(within_a_second(f"a key revoked through B is refused by {url}",
                                   lambda url=url: refused(f"{url}/api/v1/me", key=bob)[0] == 401) for url in (a, b))
        print(f"a key revoked through B is refused by A and B after {took:.0f} ms; Bob's check is 404 for Ada")
        print("cluster: every step passed")
    except BaseException:
        for name in ("a.log", "b.log", "haproxy.log", "pg.log"):
            path = os.path.join(work, name)
            if os.path.exists(path):
                print(f"== {name} (last 30 lines)", file=sys.stderr)
                with open(path, errors="replace") as file:
                    print("".join(file.readlines()[-30:]), file=sys.stderr)
        raise
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
        subprocess.run(as_postgres([f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "stop"]),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
