#!/usr/bin/env bash
# End-to-end tests of the built command line (and, later, the server) with real tools.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for test in Tests/EndToEnd/*.sh; do
  [ -e "$test" ] || continue
  echo "== $test"
  started=$SECONDS
  bash "$test" || status=1
  echo "== $test took $((SECONDS - started)) s"
done
exit $status
