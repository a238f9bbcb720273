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

# start NAME ARGS...: starts a server on a free port with its own database; sets $url.
start() {
  local name="$1"
  shift
  local port
  port="$(free_port)"
  "$supertext" serve --host 127.0.0.1 --port "$port" --public-dir public \
    --database "$work/$name.sqlite" --workers 2 "$@" >"$work/$name.log" 2>&1 &
  pids+=($!)
  url="http://127.0.0.1:$port"
  # A first start builds the suggestion indexes (cached afterwards): allow it minutes.
  for _ in $(seq 1 1200); do
    if curl -fsS "$url/readyz" >/dev/null 2>&1; then return 0; fi
    if ! kill -0 "${pids[-1]}" 2>/dev/null; then break; fi
    sleep 0.25
  done
  echo "FAIL: the $name server did not become ready; its log:" >&2
  cat "$work/$name.log" >&2
  exit 1
}

start open
open_url="$url"
token="web-test-$RANDOM$RANDOM"
start protected --api-token "$token"
protected_url="$url"

export SUPERTEXT_URL="$open_url"
export SUPERTEXT_PROTECTED_URL="$protected_url"
export SUPERTEXT_TOKEN="$token"
export SCREENSHOT_DIR="${SCREENSHOT_DIR:-docs/screenshots}"
mkdir -p "$SCREENSHOT_DIR"

.venv/bin/python -m pytest -q -p no:cacheprovider Tests/EndToEnd/web_test.py "$@"
status=$?
if [ $status -ne 0 ]; then
  echo "== server log (last 40 lines)" >&2
  tail -n 40 "$work/open.log" >&2
fi
exit $status
