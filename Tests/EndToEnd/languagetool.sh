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

SUPERTEXT_URL="$e2e_url" .venv/bin/python Tests/EndToEnd/languagetool_client_test.py -v "$@"
status=$?
[ $status -eq 0 ] || e2e_server_log
exit $status
