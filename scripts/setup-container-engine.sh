#!/usr/bin/env bash
# Sets up a real Docker-compatible container engine for the container tier's tests (idempotent; a second call
# that finds everything in place returns in about a second):
#   - Debian's podman, runc, debootstrap and docker-registry, installed if missing;
#   - a containers.conf for this machine kind (runc, cgroupfs, ulimits at or below the hard limits);
#   - a registry on 127.0.0.1 (Debian's docker-registry, the Distribution registry; plain HTTP, so a registries.conf
#     marks it insecure), started if it does not answer, holding llm-bench/pull-test:1 for the pull tests;
#   - Podman's Docker Engine API service on a unix socket, started if it does not answer (and started again if it
#     runs without that registries.conf);
#   - local images, since no registry is reachable: a debootstrapped Debian base (localhost/bookworm-min:1) and,
#     built on it with `podman build --network host`, localhost/llm-bench-python:1 (python3, pytest, git — the
#     tests map python:3.11, ubuntu:22.04 and Terminal-Bench's python base onto it with --image-map).
# Prints the test registry's address (`LLM_BENCH_TEST_REGISTRY=127.0.0.1:PORT`) and, on its last line, the
# DOCKER_HOST to use; writes both as `export …` lines to $ENGINE_DIR/env.
#
# ENGINE_DIR: LLM_BENCH_ENGINE_DIR, else /var/tmp/llm-bench-engine (kept between runs: the base rootfs tarball is
# cached there, so a machine whose images were wiped re-imports it instead of debootstrapping again).
# LLM_BENCH_TEST_REGISTRY_PORT: the registry's port on 127.0.0.1 (default 5055).
set -euo pipefail

ENGINE_DIR="${LLM_BENCH_ENGINE_DIR:-/var/tmp/llm-bench-engine}"
SOCKET="$ENGINE_DIR/podman.sock"
CONF="$ENGINE_DIR/containers.conf"
BASE_IMAGE="localhost/bookworm-min:1"
PYTHON_IMAGE="localhost/llm-bench-python:1"
BASE_TAR="$ENGINE_DIR/bookworm-min.tar"
MIRROR="${LLM_BENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
REGISTRY="127.0.0.1:${LLM_BENCH_TEST_REGISTRY_PORT:-5055}"
REGISTRIES_CONF="$ENGINE_DIR/registries.conf"
PULL_SOURCE_IMAGE="localhost/llm-bench-pull-source:1"
PULL_TEST_REPOSITORY="llm-bench/pull-test"

log() { echo "container engine: $*" >&2; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v runc >/dev/null 2>&1 || missing+=(runc)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v docker-registry >/dev/null 2>&1 || missing+=(docker-registry)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq || log "apt-get update failed; trying the install with the package lists there are"
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

mkdir -p "$ENGINE_DIR"
# The default ulimits (nofile 1048576) exceed this machine kind's hard limits and make every container fail to
# start; 1024/4096 sit below them. systemd is absent, so cgroupfs manages the cgroups.
cat >"$CONF.tmp" <<'EOF'
[containers]
default_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
EOF
mv "$CONF.tmp" "$CONF"
export CONTAINERS_CONF="$CONF"

# The machine's registries.conf, plus the test registry as an insecure (plain HTTP) one.
{
  if [ -r /etc/containers/registries.conf ]; then cat /etc/containers/registries.conf; fi
  printf '\n[[registry]]\nlocation = "%s"\ninsecure = true\n' "$REGISTRY"
} >"$REGISTRIES_CONF.tmp"
mv "$REGISTRIES_CONF.tmp" "$REGISTRIES_CONF"
export CONTAINERS_REGISTRIES_CONF="$REGISTRIES_CONF"

# Starts a daemon that outlives this script and the test run that called it (setsid + nohup; from $ENGINE_DIR, which
# outlives any checkout running this script) and waits up to 10 s for CHECK to pass; else shows the end of its log.
start_daemon() { # WHAT LOG CHECK COMMAND...
  local what="$1" logfile="$2" check="$3"
  shift 3
  (cd "$ENGINE_DIR" && exec setsid nohup "$@" >"$logfile" 2>&1 </dev/null) &
  for _ in $(seq 1 100); do
    "$check" && return 0
    sleep 0.1
  done
  log "$what did not answer; the end of $logfile:"
  tail -20 "$logfile" >&2
  exit 1
}

registry_ping() { curl -fsS --max-time 3 "http://$REGISTRY/v2/" >/dev/null 2>&1; }
if ! registry_ping; then
  log "starting the test registry on $REGISTRY"
  mkdir -p "$ENGINE_DIR/registry"
  printf 'version: 0.1\nlog:\n  level: warn\nstorage:\n  filesystem:\n    rootdirectory: %s\nhttp:\n  addr: %s\n' \
    "$ENGINE_DIR/registry" "$REGISTRY" >"$ENGINE_DIR/registry.yml"
  start_daemon "the test registry on $REGISTRY (is the port taken? set LLM_BENCH_TEST_REGISTRY_PORT)" \
    "$ENGINE_DIR/registry.log" registry_ping docker-registry serve "$ENGINE_DIR/registry.yml"
fi

ping() { curl -fsS --max-time 3 --unix-socket "$SOCKET" http://d/_ping >/dev/null 2>&1; }

# A service started from a directory since removed (a deleted checkout) still answers pings but cannot start a
# container (conmon: "Failed to get working directory"): stop it, so that one is started below from $ENGINE_DIR.
# One started without the registries.conf above cannot pull from the test registry: stop it as well.
for pid in $(pgrep -f "podman system service --time=0 unix://$SOCKET" || true); do
  why=""
  if [[ "$(readlink "/proc/$pid/cwd" 2>/dev/null)" == *" (deleted)" ]]; then
    why="the directory it was started from is gone"
  elif ! tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qxF "CONTAINERS_REGISTRIES_CONF=$REGISTRIES_CONF"; then
    why="it was started without $REGISTRIES_CONF"
  fi
  if [ -n "$why" ]; then
    log "stopping the API service (pid $pid): $why"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  fi
done

if ! ping; then
  log "starting podman's API service on $SOCKET"
  rm -f "$SOCKET"
  start_daemon "the API service on $SOCKET" "$ENGINE_DIR/service.log" ping \
    podman system service --time=0 "unix://$SOCKET"
fi

if ! podman image exists "$BASE_IMAGE"; then
  if [ ! -s "$BASE_TAR" ]; then
    root="$ENGINE_DIR/bookworm-rootfs"
    log "debootstrapping Debian bookworm (minbase) into $root (a few minutes, ~200 MB)"
    $SUDO rm -rf "$root"
    $SUDO debootstrap --variant=minbase bookworm "$root" "$MIRROR" >"$ENGINE_DIR/debootstrap.log" 2>&1 || {
      log "debootstrap failed; the end of $ENGINE_DIR/debootstrap.log:"
      tail -20 "$ENGINE_DIR/debootstrap.log" >&2
      exit 1
    }
    $SUDO tar -C "$root" -cf "$BASE_TAR.part" .
    mv "$BASE_TAR.part" "$BASE_TAR"
    $SUDO rm -rf "$root"
  fi
  log "importing $BASE_IMAGE"
  podman import "$BASE_TAR" "$BASE_IMAGE" >/dev/null
fi

if ! podman image exists "$PYTHON_IMAGE"; then
  log "building $PYTHON_IMAGE"
  build="$ENGINE_DIR/python-image"
  rm -rf "$build"
  mkdir -p "$build"
  # `uv`: Terminal-Bench's run-tests.sh installs uv from the network and runs `uv init`, `uv add pytest==…` and
  # `uv run pytest …`; offline, this stand-in runs the command after `uv run` with the image's own pytest and
  # does nothing for the rest (as a mirror image with the tools preinstalled would).
  cat >"$build/uv" <<'EOF'
#!/bin/sh
# Offline stand-in for uv in llm-benchmarker's test image: `uv run CMD…` runs CMD; init/add/sync are no-ops.
case "$1" in
  run) shift; exec "$@" ;;
  init|add|sync|venv|pip) exit 0 ;;
  *) echo "uv (offline stand-in): unsupported command: $*" >&2; exit 2 ;;
esac
EOF
  cat >"$build/Dockerfile" <<EOF
FROM $BASE_IMAGE
RUN apt-get update && apt-get install -y --no-install-recommends python3 python3-pytest git patch procps \\
    && rm -rf /var/lib/apt/lists/* && ln -s /usr/bin/python3 /usr/local/bin/python
COPY uv /usr/local/bin/uv
RUN chmod 755 /usr/local/bin/uv && mkdir -p /root/.local/bin && touch /root/.local/bin/env
EOF
  podman build --network host -t "$PYTHON_IMAGE" "$build" >"$ENGINE_DIR/build.log" 2>&1 || {
    log "building $PYTHON_IMAGE failed; the end of $ENGINE_DIR/build.log:"
    tail -20 "$ENGINE_DIR/build.log" >&2
    exit 1
  }
  rm -rf "$build"
fi

# The pull tests' image: the base and one small layer, in the test registry (pulled, only that layer travels).
if ! curl -fs --max-time 5 -o /dev/null -H "Accept: application/vnd.oci.image.manifest.v1+json" \
  -H "Accept: application/vnd.docker.distribution.manifest.v2+json" \
  "http://$REGISTRY/v2/$PULL_TEST_REPOSITORY/manifests/1"; then
  log "pushing $PULL_TEST_REPOSITORY:1 to the test registry"
  build="$ENGINE_DIR/pull-source"
  rm -rf "$build"
  mkdir -p "$build"
  echo "pulled from the test registry" >"$build/hello.txt"
  printf 'FROM %s\nCOPY hello.txt /hello.txt\n' "$BASE_IMAGE" >"$build/Dockerfile"
  podman build --network none -t "$PULL_SOURCE_IMAGE" "$build" >"$ENGINE_DIR/build.log" 2>&1 || {
    log "building $PULL_SOURCE_IMAGE failed; the end of $ENGINE_DIR/build.log:"
    tail -20 "$ENGINE_DIR/build.log" >&2
    exit 1
  }
  rm -rf "$build"
  podman push -q --tls-verify=false "$PULL_SOURCE_IMAGE" "$REGISTRY/$PULL_TEST_REPOSITORY:1" \
    >"$ENGINE_DIR/push.log" 2>&1 || {
    log "pushing to the test registry failed; the end of $ENGINE_DIR/push.log:"
    tail -20 "$ENGINE_DIR/push.log" >&2
    exit 1
  }
  # Only the registry keeps it: a pull downloads its layer.
  podman rmi "$PULL_SOURCE_IMAGE" >/dev/null
fi

printf 'export LLM_BENCH_TEST_REGISTRY=%s\nexport DOCKER_HOST=unix://%s\n' "$REGISTRY" "$SOCKET" >"$ENGINE_DIR/env"
log "ready: $BASE_IMAGE, $PYTHON_IMAGE, $REGISTRY/$PULL_TEST_REPOSITORY:1"
echo "LLM_BENCH_TEST_REGISTRY=$REGISTRY"
echo "DOCKER_HOST=unix://$SOCKET"
