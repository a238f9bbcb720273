#!/usr/bin/env bash
# End-to-end tests of the web front end: the real server (debug build, `swift build` first) and
# Debian's headless Chromium driven by Selenium. Screenshots go to docs/screenshots (or
# $SCREENSHOT_DIR). Extra arguments go to pytest (e.g. `-k history -x`).
set -uo pipefail
cd "$(dirname "$0")/../.."

supertext="${SUPERTEXT:-.build/debug/supertext}"
if [ ! -x "$supertext" ]; then
  echo "FAIL: $supertext is missing; build it with: swift build" >&2
  exit 1
fi
for tool in python3 chromium chromedriver curl; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is needed (scripts/install-deps.sh test)" >&2; exit 1; }
done

# The virtualenv, with the pinned packages; reinstalled only when the pins change.
requirements=Tests/EndToEnd/web-requirements.txt
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv || { echo "FAIL: python3 -m venv failed (python3-venv)" >&2; exit 1; }
fi
stamp=.venv/.web-test-requirements
if ! cmp -s "$requirements" "$stamp"; then
  .venv/bin/pip install --quiet --disable-pip-version-check --no-input -r "$requirements" \
    || { echo "FAIL: could not install $requirements" >&2; exit 1; }
  cp "$requirements" "$stamp"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/supertext-web.XXXXXX")"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# One server, with an API token: the tests send it (and one test checks that the page asks for
# it). A debug build can take minutes to load its dictionaries; SUPERTEXT_READY_TIMEOUT bounds it.
port="$(free_port)"
token="web-test-$RANDOM$RANDOM"
url="http://127.0.0.1:$port"
"$supertext" serve --host 127.0.0.1 --port "$port" --public-dir public \
  --database "$work/history.sqlite" --api-token "$token" >"$work/server.log" 2>&1 &
pids+=($!)
ready_timeout="${SUPERTEXT_READY_TIMEOUT:-600}"
started=$SECONDS
until curl -fsS "$url/readyz" >/dev/null 2>&1; do
  if ! kill -0 "${pids[0]}" 2>/dev/null || (( SECONDS - started > ready_timeout )); then
    echo "FAIL: the server did not become ready in ${ready_timeout}s; its log:" >&2
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.5
done
echo "server ready in $(( SECONDS - started ))s"

export SUPERTEXT_URL="$url"
export SUPERTEXT_TOKEN="$token"
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-docs/screenshots}"
mkdir -p "$SCREENSHOT_DIR"

.venv/bin/python -m pytest -q -p no:cacheprovider Tests/EndToEnd/web_test.py "$@"
status=$?
if [ $status -ne 0 ]; then
  echo "== server log (last 40 lines)" >&2
  tail -n 40 "$work/server.log" >&2
fi
exit $status
