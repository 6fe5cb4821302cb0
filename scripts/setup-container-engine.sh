#!/usr/bin/env bash
# Sets up a real Docker-compatible container engine for the container tier's tests (idempotent; a second call
# that finds everything in place returns in about a second):
#   - Debian's podman, runc and debootstrap, installed if missing;
#   - a containers.conf for this machine kind (runc, cgroupfs, ulimits at or below the hard limits);
#   - Podman's Docker Engine API service on a unix socket, started if it does not answer;
#   - local images, since no registry is reachable: a debootstrapped Debian base (localhost/bookworm-min:1) and,
#     built on it with `podman build --network host`, localhost/llm-bench-python:1 (python3, pytest, git — the
#     tests map python:3.11, ubuntu:22.04 and Terminal-Bench's python base onto it with --image-map).
# Prints the DOCKER_HOST to use on its last line and writes `export DOCKER_HOST=…` to $ENGINE_DIR/env.
#
# ENGINE_DIR: LLM_BENCH_ENGINE_DIR, else /var/tmp/llm-bench-engine (kept between runs: the base rootfs tarball is
# cached there, so a machine whose images were wiped re-imports it instead of debootstrapping again).
set -euo pipefail

ENGINE_DIR="${LLM_BENCH_ENGINE_DIR:-/var/tmp/llm-bench-engine}"
SOCKET="$ENGINE_DIR/podman.sock"
CONF="$ENGINE_DIR/containers.conf"
BASE_IMAGE="localhost/bookworm-min:1"
PYTHON_IMAGE="localhost/llm-bench-python:1"
BASE_TAR="$ENGINE_DIR/bookworm-min.tar"
MIRROR="${LLM_BENCH_DEBIAN_MIRROR:-http://deb.debian.org/debian}"

log() { echo "container engine: $*" >&2; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
command -v podman >/dev/null 2>&1 || missing+=(podman)
command -v runc >/dev/null 2>&1 || missing+=(runc)
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
command -v curl >/dev/null 2>&1 || missing+=(curl)
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

ping() { curl -fsS --max-time 3 --unix-socket "$SOCKET" http://d/_ping >/dev/null 2>&1; }

# A service started from a directory since removed (a deleted checkout) still answers pings but cannot start a
# container (conmon: "Failed to get working directory"): stop it, so that one is started below from $ENGINE_DIR.
for pid in $(pgrep -f "podman system service --time=0 unix://$SOCKET" || true); do
  if [[ "$(readlink "/proc/$pid/cwd" 2>/dev/null)" == *" (deleted)" ]]; then
    log "stopping the API service (pid $pid): the directory it was started from is gone"
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
  # setsid + nohup: the service outlives this script and the test run that called it.
  # Started from $ENGINE_DIR, which outlives any checkout that runs this script.
  (cd "$ENGINE_DIR" && exec setsid nohup podman system service --time=0 "unix://$SOCKET" \
    >"$ENGINE_DIR/service.log" 2>&1 </dev/null) &
  for _ in $(seq 1 100); do
    ping && break
    sleep 0.1
  done
  ping || {
    log "the API service did not answer on $SOCKET; its log:"
    tail -20 "$ENGINE_DIR/service.log" >&2
    exit 1
  }
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

echo "export DOCKER_HOST=unix://$SOCKET" >"$ENGINE_DIR/env"
log "ready: $BASE_IMAGE, $PYTHON_IMAGE"
echo "DOCKER_HOST=unix://$SOCKET"
