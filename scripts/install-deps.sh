#!/usr/bin/env bash
# Installs what SuperText needs from Debian's packages, when it is missing.
# Non-interactive; uses sudo when not root. Usage: scripts/install-deps.sh [run|test|bench]
set -euo pipefail

purpose="${1:-run}"
# pocketsphinx-en-us holds the English trigram model that decides confused words (docs/grammar.md).
packages=(libhunspell-dev pkg-config libsqlite3-dev zlib1g-dev libjemalloc-dev hunspell-en-us hunspell-en-gb hunspell-fr hunspell-de-de hunspell-es
          pocketsphinx-en-us)
case "$purpose" in
  test)
    packages+=(hunspell python3 python3-venv curl chromium chromium-driver fonts-dejavu-core neovim)
    # kubectl renders the Kubernetes manifests (Tests/EndToEnd/kubernetes.sh): Debian's
    # kubernetes-client, unless a kubectl is there already (another package's would clash with it).
    command -v kubectl >/dev/null || packages+=(kubernetes-client)
    # The store tests start a PostgreSQL server of their own (initdb in a temporary directory);
    # postgresql-contrib, which it depends on, has the unaccent extension searches use.
    # Tests/EndToEnd/cluster.sh puts two servers behind HAProxy.
    packages+=(postgresql haproxy)
    ;;
  # `make bench-http` measures the PostgreSQL store beside SQLite; `make bench-grammar` measures
  # Harper in .venv (below).
  # `make bench` checks the Debian Reference in four languages.
  bench) packages+=(hunspell python3 python3-venv wrk aspell aspell-en aspell-fr aspell-de aspell-es postgresql
                    debian-reference-en debian-reference-fr debian-reference-de debian-reference-es) ;;
esac

missing=()
for package in "${packages[@]}"; do
  [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" == *"install ok installed"* ]] || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  # Refresh the package lists when they are missing or older than a day.
  if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mtime -1 2>/dev/null | head -n 1)" ]; then
    $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  fi
  $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The peer of `make bench-grammar`: harper-py, pinned by hash, in the repository's .venv (shared with
# the end-to-end tests, each requirements file with its stamp). Reinstalled only when the pins
# change. Failing (no network, a platform without a pinned wheel) leaves Harper unmeasured and the
# benchmarks running, so it warns instead of stopping.
if [ "$purpose" = bench ]; then
  root="$(cd "$(dirname "$0")/.." && pwd)"
  requirements="$root/scripts/bench-requirements.txt"
  stamp="$root/.venv/.bench-requirements"
  if ! cmp -s "$requirements" "$stamp"; then
    if { [ -x "$root/.venv/bin/python" ] || python3 -m venv "$root/.venv"; } \
      && "$root/.venv/bin/pip" install --quiet --disable-pip-version-check --no-input \
        --require-hashes --only-binary=:all: -r "$requirements"; then
      cp "$requirements" "$stamp"
    else
      echo "warning: could not install scripts/bench-requirements.txt into .venv; make bench-grammar will not measure Harper" >&2
    fi
  fi
fi
