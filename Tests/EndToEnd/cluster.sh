#!/usr/bin/env bash
# Two servers on one PostgreSQL behind HAProxy, on loopback: history, personal words and rules turned off shared,
# and SIGKILL of one server loses no acknowledged check (see cluster_test.py).
set -euo pipefail
cd "$(dirname "$0")/../.."
python3 Tests/EndToEnd/cluster_test.py .build/debug/supertext
