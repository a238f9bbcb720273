#!/usr/bin/env bash
# Offline test of the Kubernetes manifests in deploy/kubernetes (docs/kubernetes.md); no cluster.
# 1. `kubectl kustomize` renders the base and every overlay ($KUBECTL, default kubectl).
# 2. kubernetes-validate (PyPI, pinned in kubernetes-requirements.txt) validates every rendered
#    object, and the example Secrets, against the Kubernetes schemas it bundles, strictly
#    (unknown fields fail), for the oldest and the newest version it carries.
# 3. The content is what the server and Kubernetes need: probes on the server's routes, the
#    workers from limits.cpu, the Secrets' keys in the example Secrets, selectors that match the
#    pods, the autoscaler on the Deployment, one replica wherever the database is a SQLite file.
# 4. The real server (debug build, `swift build` first) started with the example overlay's
#    environment (the Secret's token, the workers as the Downward API computes them) answers
#    every probe's path, runs that many workers, and wants the token.
set -uo pipefail
cd "$(dirname "$0")/../.."
source Tests/EndToEnd/lib.sh

kubectl="${KUBECTL:-kubectl}"
# Bundled by kubernetes-validate 1.37.0: 1.25.0 to 1.37.0.
kubernetes_versions=(1.25.0 1.37.0)

e2e_require_binary
e2e_require_tools "$kubectl" python3 curl
e2e_venv Tests/EndToEnd/kubernetes-requirements.txt

passed=0
failed=0
pass() { echo "PASS $*"; passed=$((passed + 1)); }
fail() { echo "FAIL $*" >&2; failed=$((failed + 1)); }

echo "kubectl: $("$kubectl" version --client 2>/dev/null | head -n 1)"
renders=()
for dir in deploy/kubernetes/base deploy/kubernetes/overlays/*/; do
  dir="${dir%/}"
  name="$(basename "$dir")"
  out="$e2e_work/$name.yaml"
  if "$kubectl" kustomize "$dir" >"$out" 2>"$e2e_work/$name.err"; then
    pass "$dir renders"
    renders+=("$name=$out")
  else
    fail "$dir does not render:"
    cat "$e2e_work/$name.err" >&2
    continue
  fi
  # Current kubectl warns about the fields kept for Debian's kubectl 1.20; anything else is shown.
  grep -v "^# Warning: '\(bases\|patchesStrategicMerge\)' is deprecated" "$e2e_work/$name.err" >&2
done
[ ${#renders[@]} -ge 3 ] || fail "expected the base and at least two overlays, rendered ${#renders[@]}"

validate() {
  local file="$1" args=() version report status
  for version in "${kubernetes_versions[@]}"; do args+=(--kubernetes-version "$version"); done
  # --quiet prints only problems; an unknown kind or apiVersion is only a WARN: it fails here too.
  report="$(.venv/bin/kubernetes-validate --strict --quiet "${args[@]}" "$file" 2>&1)"
  status=$?
  if [ $status -eq 0 ] && [ -z "$report" ]; then
    pass "$file validates against Kubernetes ${kubernetes_versions[*]}"
  else
    fail "$file does not validate (exit $status):"
    echo "$report" >&2
  fi
}
for render in "${renders[@]}"; do validate "${render#*=}"; done
secrets=(deploy/kubernetes/base/secret.example.yaml deploy/kubernetes/overlays/*/secret.example.yaml)
for secret in "${secrets[@]}"; do validate "$secret"; done

# The content. Prints PASS/FAIL lines; writes the example overlay's server environment and its
# probes' paths for the live check below.
.venv/bin/python - "$e2e_work" "${renders[@]}" -- "${secrets[@]}" <<'PY' >"$e2e_work/content.log" 2>&1
import math
import pathlib
import re
import shlex
import sys

import yaml

work = pathlib.Path(sys.argv[1])
split = sys.argv.index("--")
renders = dict(arg.split("=", 1) for arg in sys.argv[2:split])
secret_files = sys.argv[split + 1:]

# What the server really reads: the SUPERTEXT_* names quoted in its sources.
server_env = set()
for source in pathlib.Path("Sources").rglob("*.swift"):
    server_env |= set(re.findall(r'"(SUPERTEXT_[A-Z_]*[A-Z])"', source.read_text()))

secrets = {}
for path in secret_files:
    for doc in yaml.safe_load_all(open(path)):
        if doc and doc.get("kind") == "Secret":
            data = dict(doc.get("stringData") or {})
            data.update(doc.get("data") or {})
            secrets[doc["metadata"]["name"]] = data


def check(ok, what):
    print(("PASS " if ok else "FAIL ") + what)
    return ok


def quantity(text):
    """A Kubernetes quantity (cpu or memory) as a number of base units."""
    units = {"m": 1e-3, "": 1, "k": 1e3, "M": 1e6, "G": 1e9, "Ki": 2**10, "Mi": 2**20, "Gi": 2**30}
    match = re.fullmatch(r"([0-9.]+)(m|k|M|G|Ki|Mi|Gi|)", str(text))
    if not match:
        raise ValueError(f"unknown quantity {text!r}")
    return float(match.group(1)) * units[match.group(2)]


def subset(small, big):
    return bool(small) and all(big.get(key) == value for key, value in small.items())


for name, path in renders.items():
    docs = [doc for doc in yaml.safe_load_all(open(path)) if doc]
    check(all("kind" in doc and "apiVersion" in doc for doc in docs), f"{name}: every document is an object with a kind")
    by_kind = {}
    for doc in docs:
        by_kind.setdefault(doc.get("kind"), []).append(doc)
    namespaces = {doc.get("metadata", {}).get("namespace") for doc in docs}
    check(len(namespaces) == 1, f"{name}: every object in one namespace ({namespaces})")
    check(len(by_kind.get("Deployment", [])) == 1, f"{name}: one Deployment")
    if len(by_kind.get("Deployment", [])) != 1:
        continue
    deployment = by_kind["Deployment"][0]
    spec = deployment["spec"]
    pod = spec["template"]["spec"]
    pod_labels = spec["template"]["metadata"].get("labels", {})
    check(subset(spec["selector"]["matchLabels"], pod_labels), f"{name}: the Deployment's selector matches its pods' labels")
    containers = {c["name"]: c for c in pod["containers"]}
    check("supertext" in containers, f"{name}: a container named supertext")
    container = containers.get("supertext") or pod["containers"][0]
    ports = {p.get("name"): p["containerPort"] for p in container.get("ports", [])}
    env = {e["name"]: e for e in container.get("env", [])}
    resources = container.get("resources", {})
    limits, requests = resources.get("limits", {}), resources.get("requests", {})

    # The image and how the server listens.
    check(container.get("image") == "supertext:latest" and container.get("imagePullPolicy") == "IfNotPresent",
          f"{name}: image supertext:latest, pulled only if not present")
    check(set(env) <= server_env, f"{name}: every environment variable is one the server reads (unknown: {sorted(set(env) - server_env)})")
    check(all(("value" in e) != ("valueFrom" in e) for e in env.values()), f"{name}: every variable has a value or a valueFrom, not both")
    check(env.get("SUPERTEXT_HOST", {}).get("value") == "0.0.0.0", f"{name}: listens on every interface (SUPERTEXT_HOST=0.0.0.0)")
    check(str(ports.get("http")) == env.get("SUPERTEXT_PORT", {}).get("value"), f"{name}: SUPERTEXT_PORT is the container port named http")
    check(pod.get("enableServiceLinks") is False, f"{name}: no service links (they would set SUPERTEXT_PORT=tcp://...)")

    # Workers from the CPU limit.
    workers = env.get("SUPERTEXT_WORKERS", {}).get("valueFrom", {}).get("resourceFieldRef", {})
    check(workers.get("resource") == "limits.cpu" and quantity(workers.get("divisor", "1")) == 1
          and workers.get("containerName", container["name"]) == container["name"],
          f"{name}: SUPERTEXT_WORKERS is this container's limits.cpu in whole cores")
    check("cpu" in limits, f"{name}: a CPU limit (else the workers are the node's cores)")

    # Memory: the service holds about 240 MB resident with five languages, 280 MB while it
    # builds its indexes at a first start.
    check(quantity(requests.get("memory", 0)) >= 240e6, f"{name}: memory request {requests.get('memory')} >= 240 MB measured")
    check(quantity(limits.get("memory", 0)) >= max(280e6, quantity(requests.get("memory", 0))),
          f"{name}: memory limit {limits.get('memory')} >= the first start's 280 MB and the request")
    check("cpu" in requests, f"{name}: a CPU request (the autoscaler measures against it)")

    # Secrets: every key the pod reads is in the example Secrets.
    refs = [e["valueFrom"]["secretKeyRef"] for e in env.values() if "secretKeyRef" in e.get("valueFrom", {})]
    for ref in refs:
        check(ref["key"] in secrets.get(ref["name"], {}) and not ref.get("optional"),
              f"{name}: Secret {ref['name']} key {ref['key']} is in the example Secrets, and required")
    token = env.get("SUPERTEXT_API_TOKEN", {}).get("valueFrom", {}).get("secretKeyRef")
    check(token is not None, f"{name}: the API token comes from a Secret")

    # Probes on the server's health routes, on the container's port.
    probes = {kind: container.get(kind + "Probe", {}).get("httpGet", {}) for kind in ("startup", "readiness", "liveness")}
    for kind, probe in probes.items():
        port = probe.get("port")
        check(port in ports or port in ports.values(), f"{name}: the {kind} probe's port {port} is a container port")
    check(probes["readiness"].get("path") == "/readyz", f"{name}: readiness on /readyz (dictionaries loaded)")
    check(probes["liveness"].get("path") == "/healthz", f"{name}: liveness on /healthz (the process answers)")
    check(probes["startup"].get("path") == "/healthz"
          and container["startupProbe"].get("periodSeconds", 10) * container["startupProbe"].get("failureThreshold", 3) >= 600,
          f"{name}: a startup probe that allows 10 minutes (indexes built on a first start)")

    # Locked down.
    security = container.get("securityContext", {})
    pod_security = pod.get("securityContext", {})
    check(pod.get("automountServiceAccountToken") is False, f"{name}: no service account token")
    check(security.get("runAsNonRoot", pod_security.get("runAsNonRoot")) is True, f"{name}: runAsNonRoot")
    check(security.get("readOnlyRootFilesystem") is True and security.get("allowPrivilegeEscalation") is False
          and "ALL" in security.get("capabilities", {}).get("drop", []),
          f"{name}: read-only root, no privilege escalation, every capability dropped")
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    mounts = {m["mountPath"]: m["name"] for m in container.get("volumeMounts", [])}
    check(set(mounts.values()) <= set(volumes), f"{name}: every volume mount has its volume")
    for variable in ("SUPERTEXT_DATABASE", "SUPERTEXT_CACHE_DIR"):
        value = env.get(variable, {}).get("value")
        if value is not None:
            check(any(value.startswith(path.rstrip("/") + "/") for path in mounts), f"{name}: {variable}={value} is on a writable volume")
    check("/tmp" in mounts, f"{name}: a writable /tmp")
    claims = {doc["metadata"]["name"] for doc in by_kind.get("PersistentVolumeClaim", [])}
    for volume in volumes.values():
        if "persistentVolumeClaim" in volume:
            check(volume["persistentVolumeClaim"]["claimName"] in claims, f"{name}: volume {volume['name']}'s claim is in the render")

    # The Service and the PodDisruptionBudget select these pods.
    for service in by_kind.get("Service", []):
        check(subset(service["spec"].get("selector", {}), pod_labels), f"{name}: Service {service['metadata']['name']} selects the pods")
        check(all(p.get("targetPort") in ports or p.get("targetPort") in ports.values() for p in service["spec"]["ports"]),
              f"{name}: Service {service['metadata']['name']} targets a container port")
    check(len(by_kind.get("Service", [])) == 1, f"{name}: one Service")
    pdbs = by_kind.get("PodDisruptionBudget", [])
    check(len(pdbs) == 1, f"{name}: one PodDisruptionBudget")
    for pdb in pdbs:
        check(subset(pdb["spec"]["selector"].get("matchLabels", {}), pod_labels), f"{name}: the PodDisruptionBudget selects the pods")

    # Replicas: a SQLite file (a literal SUPERTEXT_DATABASE) serves one pod only.
    replicas = spec.get("replicas", 1)
    hpas = by_kind.get("HorizontalPodAutoscaler", [])
    database = env.get("SUPERTEXT_DATABASE", {})
    min_replicas = min([replicas] + [h["spec"].get("minReplicas", 1) for h in hpas])
    for pdb in pdbs:
        check("minAvailable" not in pdb["spec"] or int(pdb["spec"]["minAvailable"]) < min_replicas,
              f"{name}: the PodDisruptionBudget lets a drain evict a pod")
    if "value" in database:
        check(replicas == 1 and spec.get("strategy", {}).get("type") == "Recreate"
              and all(h["spec"]["maxReplicas"] == 1 for h in hpas),
              f"{name}: SQLite ({database['value']}): one replica, never two at once (Recreate), no scaling out")
    else:
        ref = database.get("valueFrom", {}).get("secretKeyRef", {})
        url = secrets.get(ref.get("name"), {}).get(ref.get("key"), "")
        check(url.startswith("postgres://"), f"{name}: SUPERTEXT_DATABASE is a postgres:// URL from a Secret")
        check(len(hpas) == 1, f"{name}: an autoscaler where replicas share PostgreSQL")
    for hpa in hpas:
        target = hpa["spec"]["scaleTargetRef"]
        check(target == {"apiVersion": "apps/v1", "kind": "Deployment", "name": deployment["metadata"]["name"]},
              f"{name}: the autoscaler targets Deployment {deployment['metadata']['name']}")
        metrics = hpa["spec"].get("metrics", [])
        check(any(m.get("type") == "Resource" and m["resource"]["name"] == "cpu" for m in metrics), f"{name}: the autoscaler scales on CPU")
        check(hpa["spec"].get("minReplicas", 1) == replicas <= hpa["spec"]["maxReplicas"],
              f"{name}: the autoscaler starts from the Deployment's replicas")

    if name == "example":
        # What the live check runs: the environment as the kubelet would give it.
        lines = []
        for variable, entry in env.items():
            if variable in ("SUPERTEXT_HOST", "SUPERTEXT_PORT", "SUPERTEXT_DATABASE", "SUPERTEXT_CACHE_DIR"):
                continue  # the test's own port and files; the indexes in the usual cache
            source = entry.get("valueFrom", {})
            if "value" in entry:
                value = entry["value"]
            elif "secretKeyRef" in source:
                value = secrets.get(source["secretKeyRef"]["name"], {}).get(source["secretKeyRef"]["key"])
            elif "resourceFieldRef" in source:
                field = source["resourceFieldRef"]
                kind, resource = field["resource"].split(".")
                amount = quantity(resources[kind][resource]) / quantity(field.get("divisor", "1"))
                value = str(math.ceil(amount - 1e-9))  # the Downward API rounds up
            else:
                value = None
            if value is None:
                print(f"FAIL {name}: {variable}: no way to compute its value here")
                continue
            lines.append(f"export {variable}={shlex.quote(value)}")
        (work / "example.env").write_text("\n".join(lines) + "\n")
        (work / "example.paths").write_text("\n".join(sorted({p["path"] for p in probes.values()})) + "\n")
PY
status=$?
cat "$e2e_work/content.log"
content_failed=$(grep -vc '^PASS' "$e2e_work/content.log")
[ $status -eq 0 ] || content_failed=$((content_failed + 1))
passed=$((passed + $(grep -c '^PASS' "$e2e_work/content.log")))
failed=$((failed + content_failed))

# The real server with the example overlay's environment; not when the content is already
# wrong (a worker count from limits.memory would be millions of threads).
if [ "$content_failed" -gt 0 ]; then
  fail "the server is not started: the manifests' content is wrong"
elif [ -s "$e2e_work/example.env" ]; then
  source "$e2e_work/example.env"
  e2e_start_server
  while read -r path; do
    code="$(curl -s -o /dev/null -w '%{http_code}' "$e2e_url$path")"
    if [ "$code" = 200 ]; then pass "the server answers the probe path $path: 200"; else fail "the probe path $path: HTTP $code"; fi
  done <"$e2e_work/example.paths"
  if grep -q "on $SUPERTEXT_WORKERS workers" "$e2e_work/server.log"; then
    pass "the server runs SUPERTEXT_WORKERS=$SUPERTEXT_WORKERS workers (limits.cpu)"
  else
    fail "the server does not say it runs $SUPERTEXT_WORKERS workers"
    e2e_server_log
  fi
  code="$(curl -s -o /dev/null -w '%{http_code}' "$e2e_url/api/v1/history")"
  [ "$code" = 401 ] && pass "history without the token: 401" || fail "history without the token: HTTP $code"
  code="$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $SUPERTEXT_API_TOKEN" "$e2e_url/api/v1/history")"
  [ "$code" = 200 ] && pass "history with the Secret's token: 200" || fail "history with the Secret's token: HTTP $code"
else
  fail "no environment for the example overlay's server"
fi

echo "kubernetes: $passed passed, $failed failed"
[ $failed -eq 0 ]
