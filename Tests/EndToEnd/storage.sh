#!/usr/bin/env bash
# Storage faults with the real server: two processes creating one database, the file deleted
# and replaced under load (nothing sent after is acknowledged), a disk that really fills up.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 Tests/EndToEnd/storage_test.py .build/debug/supertext
