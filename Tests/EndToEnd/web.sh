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
if [ "${UPDATE_SCREENSHOTS:-0}" = 1 ]; then
  export SCREENSHOT_DIR="${SCREENSHOT_DIR:-docs/screenshots}"
else
  export SCREENSHOT_DIR="${SCREENSHOT_DIR:-$e2e_work/screenshots}"
fi
mkdir -p "$SCREENSHOT_DIR"

.venv/bin/python -m pytest -q -p no:cacheprovider Tests/EndToEnd/web_test.py Tests/EndToEnd/web_app_test.py Tests/EndToEnd/web_editor_test.py "$@"
status=$?
[ $status -eq 0 ] || e2e_server_log
exit $status
