#!/usr/bin/env bash
# End-to-end tests of `supertext lsp` (the debug build, `swift build` first) with real clients:
# pytest-lsp from PyPI (lsp_test.py), then Debian's Neovim 0.7 and its built-in client
# (lsp_neovim.lua). Extra arguments go to pytest (e.g. `-k quickfix -x`).
set -uo pipefail
cd "$(dirname "$0")/../.."
source Tests/EndToEnd/lib.sh

e2e_require_binary
e2e_require_tools python3 nvim timeout
e2e_venv Tests/EndToEnd/lsp-requirements.txt
SUPERTEXT="$(cd "$(dirname "$supertext")" && pwd)/$(basename "$supertext")"
export SUPERTEXT
status=0

# Bounded from outside as well: a server that never answers must not hold `make test`.
# Spec warnings (pytest-lsp checking the server against the client's capabilities) fail a test.
echo "-- pytest-lsp"
timeout -k 10 1200 .venv/bin/python -m pytest -q -p no:cacheprovider -rxX \
  -o asyncio_default_fixture_loop_scope=function -W error::pytest_lsp.LspSpecificationWarning \
  --basetemp "$e2e_work/pytest" Tests/EndToEnd/lsp_test.py "$@" || status=1

# Neovim in its own workspace, with its state, cache and LSP log (where it puts the server's
# standard error) kept in the temporary directory.
echo "-- Neovim $(nvim --version | head -n 1)"
workspace="$e2e_work/neovim-workspace"
mkdir -p "$workspace" "$e2e_work/xdg"
started=$SECONDS
LSP_WORKSPACE="$workspace" XDG_CONFIG_HOME="$e2e_work/xdg/config" XDG_DATA_HOME="$e2e_work/xdg/data" \
  XDG_CACHE_HOME="$e2e_work/xdg/cache" XDG_STATE_HOME="$e2e_work/xdg/state" \
  timeout -k 10 600 nvim --headless -u NONE -i NONE -n -c "luafile Tests/EndToEnd/lsp_neovim.lua" </dev/null
nvim_status=$?
if [ $nvim_status -eq 0 ]; then
  echo "Neovim: passed in $(( SECONDS - started ))s"
else
  echo "FAIL: Neovim exited with status $nvim_status" >&2
  log="$(find "$e2e_work/xdg" -name lsp.log 2>/dev/null | head -n 1)"
  if [ -n "$log" ]; then
    echo "== Neovim's LSP log (last 40 lines)" >&2
    tail -n 40 "$log" >&2
  fi
  status=1
fi
exit $status
