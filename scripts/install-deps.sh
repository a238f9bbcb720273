#!/usr/bin/env bash
# Installs what SuperText needs from Debian's packages, when it is missing.
# Non-interactive; uses sudo when not root. Usage: scripts/install-deps.sh [run|test|bench]
set -euo pipefail

purpose="${1:-run}"
packages=(libhunspell-dev pkg-config libsqlite3-dev zlib1g-dev hunspell-en-us hunspell-en-gb hunspell-fr hunspell-de-de hunspell-es)
case "$purpose" in
  test)
    packages+=(hunspell python3 python3-venv curl chromium chromium-driver fonts-dejavu-core)
    # kubectl renders the Kubernetes manifests (Tests/EndToEnd/kubernetes.sh): Debian's
    # kubernetes-client, unless a kubectl is there already (another package's would clash with it).
    command -v kubectl >/dev/null || packages+=(kubernetes-client)
    # The store tests start a PostgreSQL server of their own (initdb in a temporary directory);
    # postgresql-contrib, which it depends on, has the unaccent extension searches use.
    # Tests/EndToEnd/cluster.sh puts two servers behind HAProxy.
    packages+=(postgresql haproxy)
    ;;
  # `make bench-http` measures the PostgreSQL store beside SQLite.
  bench) packages+=(hunspell python3 wrk aspell aspell-en aspell-fr aspell-de aspell-es postgresql) ;;
esac

missing=()
for package in "${packages[@]}"; do
  [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" == *"install ok installed"* ]] || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
# Refresh the package lists when they are missing or older than a day.
if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mtime -1 2>/dev/null | head -n 1)" ]; then
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
fi
$sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
