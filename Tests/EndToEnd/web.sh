#!/usr/bin/env bash
# End-to-end tests of the web front end: the real server (debug build, `swift build` first) and
# Debian's headless Chromium driven by Selenium. Extra arguments go to pytest (e.g.
# `-k history -x`). Screenshots are taken in a temporary directory; with
# UPDATE_SCREENSHOTS=1 they replace the README's in docs/screenshots (or go to $SCREENSHOT_DIR).
set -uo pipefail
cd "$(dirname "$0")/../.."
source Tests/EndToEnd/lib.sh

e2e_require_binary
e2e_require_tools python3 chromium chromedriver curl
e2e_venv Tests/EndToEnd/web-requirements.txt

# One server, with an API token: the tests send it (and one test checks that the page asks for it).
token="web-test-$RANDOM$RANDOM"
e2e_start_server --api-token "$token"

export SUPERTEXT_URL="$e2e_url"
export SUPERTEXT_TOKEN="$token"

# A second server, on a database of its own where two users exist: Ada (an admin) and Bob. The page
# signs in with their keys and out (web_users_test.py). Each key is the only line `users add` prints.
users_database="$e2e_work/users.sqlite"
ada_key="$("$supertext" users add ada --admin --database "$users_database" 2>>"$e2e_work/users-add.log")" \
  || { cat "$e2e_work/users-add.log" >&2; e2e_fail "could not add the user ada"; }
bob_key="$("$supertext" users add bob --database "$users_database" 2>>"$e2e_work/users-add.log")" \
  || { cat "$e2e_work/users-add.log" >&2; e2e_fail "could not add the user bob"; }
[[ "$ada_key" == st_* && "$bob_key" == st_* ]] || e2e_fail "users add did not print a key"
e2e_server_name=users e2e_start_server
export SUPERTEXT_USERS_URL="$e2e_url"
export SUPERTEXT_USERS_LOG="$e2e_work/users.log"
export SUPERTEXT_ADA_KEY="$ada_key"
export SUPERTEXT_BOB_KEY="$bob_key"
if [ "${UPDATE_SCREENSHOTS:-0}" = 1 ]; then
  export SCREENSHOT_DIR="${SCREENSHOT_DIR:-docs/screenshots}"
else
  export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$e2e_work/screenshots}"
fi
mkdir -p "$SCREENSHOT_DIR"

.venv/bin/python -m pytest -q -p no:cacheprovider Tests/EndToEnd/web_test.py Tests/EndToEnd/web_app_test.py Tests/EndToEnd/web_editor_test.py \
  Tests/EndToEnd/web_users_test.py "$@"
status=$?
[ $status -eq 0 ] || { e2e_server_log; e2e_server_log users; }
exit $status
