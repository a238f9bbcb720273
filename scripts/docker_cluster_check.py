"""The cluster of `docker compose --profile cluster up`, checked from outside through its balancer
(run by scripts/docker-test.sh): both replicas answer; a check stored through one is found by a
history search through the other; a word added to the personal dictionary through one is honoured
by both; with replica A stopped, every check is still answered, by B.

Usage: docker_cluster_check.py BALANCER_URL TOKEN STOP_COMMAND...
The balancer names the replica that answered in X-SuperText-Replica (deploy/cluster/haproxy.cfg)."""
import json
import subprocess
import sys
import time
import urllib.error
import urllib.request

base, token, stop_command = sys.argv[1], sys.argv[2], sys.argv[3:]
marker = f"clustermarker{int(time.time())}"


def request(path, body=None, method=None):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(base + path, data=data, method=method or ("POST" if data else "GET"))
    req.add_header("Authorization", f"Bearer {token}")
    if data:
        req.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.status, response.headers.get("X-SuperText-Replica"), json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("X-SuperText-Replica"), error.read().decode(errors="replace")


def check(text):
    status, replica, body = request("/api/v1/check", {"text": text, "language": "en-US"})
    assert status == 200, (status, body)
    return replica, body


def fail(message):
    print(f"FAIL: {message}")
    sys.exit(1)


# 1. A check stored through one replica is found through the other.
replica, saved = check(f"The {marker} report arrives tomorow.")
if not saved.get("id"):
    fail(f"the check was not stored: {saved}")
print(f"ok: check {saved['id']} stored through {replica}")
found_by = set()
for _ in range(8):
    status, answering, found = request(f"/api/v1/history?q={marker}")
    if status != 200:
        fail(f"history search answered {status}: {found}")
    if not any(marker in json.dumps(item) for item in found.get("items", found.get("checks", []))):
        fail(f"{answering} did not find {marker}: {json.dumps(found)[:400]}")
    found_by.add(answering)
if found_by != {"replica-a", "replica-b"}:
    fail(f"history searches were answered by {sorted(found_by)}, not by both replicas")
print(f"ok: both replicas find check {saved['id']} in the shared history")

# 2. A word added through one replica is honoured by both.
# Letters only: a word with digits is read as an identifier and never flagged.
word = "zorblax" + "".join(chr(ord("a") + int(digit)) for digit in marker[-6:])
_, before = check(f"Our {word} works.")
if not any(match.get("text") == word for match in before["matches"]):
    fail(f"{word} is not flagged before it is added")
status, replica, body = request("/api/v1/dictionary", {"word": word})
if status not in (200, 201):
    fail(f"adding {word} answered {status}: {body}")
print(f"ok: {word} added through {replica}")
time.sleep(1.5)
honoured_by = set()
for _ in range(8):
    replica, after = check(f"Our {word} works.")
    if any(match.get("text") == word for match in after["matches"]):
        fail(f"{replica} still flags {word} after it was added")
    honoured_by.add(replica)
if honoured_by != {"replica-a", "replica-b"}:
    fail(f"checks were answered by {sorted(honoured_by)}, not by both replicas")
print("ok: both replicas honour the added word")

# 3. With replica A stopped, every check is answered, by B.
subprocess.run(stop_command, check=True, stdout=subprocess.DEVNULL)
answered_by = set()
for i in range(30):
    replica, body = check(f"Check {i} while a replica is stopped: teh end.")
    if not any(match.get("text") == "teh" for match in body["matches"]):
        fail(f"check {i} answered by {replica} found no typo: {body}")
    answered_by.add(replica)
if answered_by != {"replica-b"}:
    fail(f"with replica A stopped, checks were answered by {sorted(answered_by)}")
print("ok: with replica A stopped, 30 of 30 checks answered, all by replica-b")
