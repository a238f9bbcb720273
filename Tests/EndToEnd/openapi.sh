#!/usr/bin/env bash
# The OpenAPI document against the real server (debug build, `swift build` first):
# openapi-spec-validator checks that Sources/SuperTextServer/Resources/openapi.json is valid
# OpenAPI 3.1 and that /openapi.json serves exactly it; then schemathesis sends generated
# requests, valid and invalid, to every operation of /api/v1 and /v2, with the token of a server
# that protects every route, and fails on any 5xx and on any answer the document does not
# describe (status, content type, headers, schema), on invalid data accepted, on a wrong method
# not answered 405 and on a protected route answered without its token.
# Bounded and repeatable: a fixed seed, SCHEMATHESIS_MAX_EXAMPLES examples per operation
# (default 25), one worker, no example database and no crash cache (schemathesis.toml). Extra
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

e2e_start_server --workers 2 --api-token "$token" --protect-checks

curl -fsS "$e2e_url/openapi.json" -o "$e2e_work/served.json" || e2e_fail "GET /openapi.json failed"
cmp -s "$document" "$e2e_work/served.json" || e2e_fail "/openapi.json is not $document (rebuild: swift build)"
echo "ok: $document is valid OpenAPI 3.1 and served at /openapi.json"

.venv/bin/schemathesis --config-file Tests/EndToEnd/schemathesis.toml run "$e2e_url/openapi.json" \
  --url "$e2e_url" \
  --header "Authorization: Bearer $token" \
  --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection,unsupported_method,ignored_auth \
  --phases examples,coverage,fuzzing,stateful \
  --max-examples "${SCHEMATHESIS_MAX_EXAMPLES:-25}" \
  --seed 20261120 \
  --generation-database none \
  --workers 1 \
  --request-timeout 60 \
  --continue-on-failure \
  --no-color \
  "$@"
status=$?
[ $status -eq 0 ] || e2e_server_log
exit $status
