#!/usr/bin/env bash
# End-to-end test of the LanguageTool-compatible API (/v2) with a real LanguageTool client,
# language-tool-python from PyPI, against the real server (debug build, `swift build` first).
# Extra arguments go to unittest (e.g. `-k auto`).
set -uo pipefail
cd "$(dirname "$0")/../.."
source Tests/EndToEnd/lib.sh

e2e_require_binary
e2e_require_tools python3 curl
e2e_venv Tests/EndToEnd/languagetool-requirements.txt
e2e_start_server --workers 2

# A second server, with two users, for LanguageTool's username and apiKey.
users_db="$e2e_work/users.sqlite"
ada_key="$("$supertext" users add ada --admin --database "$users_db" 2>/dev/null)"
bob_key="$("$supertext" users add bob --database "$users_db" 2>/dev/null)"
users_port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
"$supertext" serve --host 127.0.0.1 --port "$users_port" --public-dir public --database "$users_db" --workers 2 \
  >"$e2e_work/users-server.log" 2>&1 &
e2e_pids+=($!)
until curl -fsS "http://127.0.0.1:$users_port/readyz" >/dev/null 2>&1; do
  kill -0 "${e2e_pids[-1]}" 2>/dev/null || { cat "$e2e_work/users-server.log" >&2; exit 1; }
  sleep 0.5
done

SUPERTEXT_URL="$e2e_url" SUPERTEXT_USERS_URL="http://127.0.0.1:$users_port" SUPERTEXT_ADA_KEY="$ada_key" \
  SUPERTEXT_BOB_KEY="$bob_key" .venv/bin/python Tests/EndToEnd/languagetool_client_test.py -v "$@"
status=$?
[ $status -eq 0 ] || e2e_server_log
exit $status
