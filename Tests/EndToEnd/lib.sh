# Shared by the end-to-end scripts that drive a real server: sourced, not run.
# After `source Tests/EndToEnd/lib.sh` (from the repository root):
#   e2e_require_binary              the debug binary ($SUPERTEXT, default .build/debug/supertext)
#   e2e_require_tools TOOL...       fails clearly when a tool is missing
#   e2e_venv REQUIREMENTS           the shared .venv with the pinned packages (reinstalled only
#                                   when the pins change)
#   e2e_start_server FLAG...        starts `supertext serve` on a free loopback port with its
#                                   database and log in $e2e_work; sets e2e_url; waits until ready
#                                   ($SUPERTEXT_READY_TIMEOUT seconds, default 600: a debug build
#                                   may first build its suggestion indexes). Another server beside
#                                   it: `e2e_server_name=NAME e2e_start_server`, with NAME.sqlite
#                                   and NAME.log in $e2e_work
#   e2e_server_log [NAME]           the last lines of the server's log (or NAME's), on stderr
# The temporary directory $e2e_work and the server are removed on exit.

supertext="${SUPERTEXT:-.build/debug/supertext}"
e2e_work="$(mktemp -d "${TMPDIR:-/tmp}/supertext-e2e.XXXXXX")"
e2e_pids=()

e2e_cleanup() {
  local pid
  for pid in "${e2e_pids[@]}"; do
    kill "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  rm -rf "$e2e_work"
}
trap e2e_cleanup EXIT
trap 'exit 130' INT TERM

e2e_fail() {
  echo "FAIL: $*" >&2
  exit 1
}

e2e_require_binary() {
  [ -x "$supertext" ] || e2e_fail "$supertext is missing; build it with: swift build"
}

e2e_require_tools() {
  local tool
  for tool in "$@"; do
    command -v "$tool" >/dev/null || e2e_fail "$tool is needed (scripts/install-deps.sh test)"
  done
}

e2e_venv() {
  local requirements="$1" stamp
  stamp=".venv/.$(basename "$requirements" .txt)"
  if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv || e2e_fail "python3 -m venv failed (python3-venv)"
  fi
  if ! cmp -s "$requirements" "$stamp"; then
    .venv/bin/pip install --quiet --disable-pip-version-check --no-input -r "$requirements" \
      || e2e_fail "could not install $requirements"
    cp "$requirements" "$stamp"
  fi
}

e2e_start_server() {
  local port started timeout="${SUPERTEXT_READY_TIMEOUT:-600}"
  local database="$e2e_work/${e2e_server_name:-supertext}.sqlite" log="$e2e_work/${e2e_server_name:-server}.log"
  port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
  "$supertext" serve --host 127.0.0.1 --port "$port" --public-dir public \
    --database "$database" "$@" >"$log" 2>&1 &
  e2e_pids+=($!)
  e2e_url="http://127.0.0.1:$port"
  started=$SECONDS
  until curl -fsS "$e2e_url/readyz" >/dev/null 2>&1; do
    if ! kill -0 "${e2e_pids[-1]}" 2>/dev/null || (( SECONDS - started > timeout )); then
      echo "FAIL: the server did not become ready in ${timeout}s; its log:" >&2
      cat "$log" >&2
      exit 1
    fi
    sleep 0.5
  done
  echo "server ready in $(( SECONDS - started ))s"
}

e2e_server_log() {
  echo "== ${1:-server} log (last 40 lines)" >&2
  tail -n 40 "$e2e_work/${1:-server}.log" >&2
}
