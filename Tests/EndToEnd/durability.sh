#!/usr/bin/env bash
# SIGKILL during concurrent checks loses no acknowledged check; the database stays sound.
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 Tests/EndToEnd/durability_test.py .build/debug/supertext
