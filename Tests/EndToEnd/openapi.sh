#!/usr/bin/env bash
# The OpenAPI document against the real server (debug build, `swift build` first):
# openapi-spec-validator checks that Sources/SuperTextServer/Resources/openapi.json is valid
# OpenAPI 3.1 and that /openapi.json serves exactly it; then schemathesis sends generated
# requests, valid and invalid, to every operation of /api/v1 and /v2, with the token of a server
# that protects every route, and fails on any 5xx and on any answer the document does not
# describe (status, content type, headers, schema), on invalid data accepted, on a wrong method
# not answered 405 with its Allow, on a protected route answered without its token and on a
# deleted check still found.
# Bounded and repeatable: a fixed seed, SCHEMATHESIS_MAX_EXAMPLES examples per operation
# (default 25), one worker, no example database and no crash cache (schemathesis.toml), and no
# Hypothesis health checks (they time the generation of data, which a busy machine slows). Extra
# arguments go to `schemathesis run`.
set -uo pipefail
cd "$(dirname "$0")/../.."
source Tests/EndToEnd/lib.sh

document=Sources/SuperTextServer/Resources/openapi.json
token="openapi-test-token"

e2e_require_binary
e2e_require_tools python3 curl
e2e_venv Tests/EndToEnd/openapi-requirements.txt

.venv/bin/openapi-spec-validator "$document" || e2e_fail "$document is not a valid OpenAPI document"

# Schemathesis sends many wrong tokens on purpose: the slowing down of wrong keys (tested in
# UsersAPITests) is off here, so that its valid requests are not refused with 429.
e2e_start_server --workers 2 --api-token "$token" --protect-checks --failed-keys-per-minute 0

curl -fsS "$e2e_url/openapi.json" -o "$e2e_work/served.json" || e2e_fail "GET /openapi.json failed"
cmp -s "$document" "$e2e_work/served.json" || e2e_fail "/openapi.json is not $document (rebuild: swift build)"
echo "ok: $document is valid OpenAPI 3.1 and served at /openapi.json"

# Every check but positive_data_acceptance (data the document allows may still be refused for
# what no schema can say: a language that is not installed, a word with a space in it) and
# object_level_authorization (one token, no users).
.venv/bin/schemathesis --config-file Tests/EndToEnd/schemathesis.toml run "$e2e_url/openapi.json" \
  --url "$e2e_url" \
  --header "Authorization: Bearer $token" \
  --checks all --exclude-checks positive_data_acceptance,object_level_authorization \
  --phases examples,coverage,fuzzing,stateful \
  --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-25}" \
  --seed 20261120 \
  --generation-database none \
  --suppress-health-check all \
  --workers 1 \
  --request-timeout 60 \
  --continue-on-failure \
  --no-color \
  "$@"
status=$?
[ $status -eq 0 ] || e2e_server_log
exit $status
