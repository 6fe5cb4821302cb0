#!/usr/bin/env bash
# Installs the engines the test suite drives for real, if missing (idempotent): bubblewrap (`bwrap`) for the code
# sandbox, prlimit (util-linux) for its resource limits, Debian's python3 for the programs it runs, and Debian's
# chromium, which the HTML report's browser tests drive headless through playwright-core (no browser download).
set -euo pipefail

missing=()
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v prlimit >/dev/null 2>&1 || missing+=(util-linux)
[ -x /usr/bin/python3 ] || missing+=(python3)
[ -x "${LLM_BENCH_CHROMIUM:-/usr/bin/chromium}" ] || missing+=(chromium)

if [ ${#missing[@]} -eq 0 ]; then
  echo "test engines: bubblewrap, prlimit, python3 and chromium are installed"
  exit 0
fi

echo "test engines: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || echo "test engines: apt-get update failed; trying the install with the package lists there are"
$SUDO apt-get install -y -qq "${missing[@]}"
