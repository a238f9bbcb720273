#!/usr/bin/env bash
# End-to-end test of the LanguageTool-compatible API (/v2) with a real LanguageTool client,
# language-tool-python from PyPI, against the real server (debug build, `swift build` first).
# Extra arguments go to unittest (e.g. `-k auto`).
set -uo pipefail
cd "$(dirname "$0")/../.."

supertext="${SUPERTEXT:-.build/debug/supertext}"
if [ ! -x "$supertext" ]; then
  echo "FAIL: $supertext is missing; build it with: swift build" >&2
  exit 1
fi
for tool in python3 curl; do
  command -v "$tool" >/dev/null || { echo "FAIL: $tool is needed (scripts/install-deps.sh test)" >&2; exit 1; }
done

# The virtualenv (shared with the browser tests), with the pinned packages; reinstalled only
# when the pins change.
requirements=Tests/EndToEnd/languagetool-requirements.txt
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv || { echo "FAIL: python3 -m venv failed (python3-venv)" >&2; exit 1; }
fi
stamp=.venv/.languagetool-test-requirements
if ! cmp -s "$requirements" "$stamp"; then
  .venv/bin/pip install --quiet --disable-pip-version-check --no-input -r "$requirements" \
    || { echo "FAIL: could not install $requirements" >&2; exit 1; }
  cp "$requirements" "$stamp"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/supertext-languagetool.XXXXXX")"
server=""
cleanup() {
  if [ -n "$server" ]; then
    kill "$server" 2>/dev/null
    wait "$server" 2>/dev/null
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$supertext" serve --host 127.0.0.1 --port "$port" --public-dir public \
  --database "$work/supertext.sqlite" --workers 2 >"$work/server.log" 2>&1 &
server=$!
url="http://127.0.0.1:$port"
# A debug build builds its suggestion index slowly, more so on a busy machine: wait up to 10 minutes.
ready=0
for _ in $(seq 1 1200); do
  if curl -fsS "$url/readyz" >/dev/null 2>&1; then ready=1; break; fi
  if ! kill -0 "$server" 2>/dev/null; then break; fi
  sleep 0.5
done
if [ $ready -ne 1 ]; then
  echo "FAIL: the server did not become ready; its log:" >&2
  cat "$work/server.log" >&2
  exit 1
fi

SUPERTEXT_URL="$url" .venv/bin/python Tests/EndToEnd/languagetool_client_test.py -v "$@"
status=$?
if [ $status -ne 0 ]; then
  echo "== server log (last 40 lines)" >&2
  tail -n 40 "$work/server.log" >&2
fi
exit $status
