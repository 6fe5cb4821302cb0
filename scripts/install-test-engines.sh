#!/usr/bin/env bash
# Installs the engines the test suite drives for real, if missing (idempotent): bubblewrap (`bwrap`) for the code
# sandbox, prlimit (util-linux) for its resource limits, and Debian's python3 for the programs it runs.
set -euo pipefail

missing=()
command -v bwrap >/dev/null 2>&1 || missing+=(bubblewrap)
command -v prlimit >/dev/null 2>&1 || missing+=(util-linux)
[ -x /usr/bin/python3 ] || missing+=(python3)

if [ ${#missing[@]} -eq 0 ]; then
  echo "test engines: bubblewrap, prlimit and python3 are installed"
  exit 0
fi

echo "test engines: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq || echo "test engines: apt-get update failed; trying the install with the package lists there are"
$SUDO apt-get install -y -qq "${missing[@]}"
