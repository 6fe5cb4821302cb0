#!/usr/bin/env bash
# Sets up a real single-node Slurm cluster for `llm-bench launch slurm` and its tests (idempotent; a second call that
# finds the daemons up returns in well under a second, and one that finds them dead starts them again):
#   - Debian's slurmctld, slurmd, slurm-client and munge, installed if missing;
#   - a generated MUNGE key and munged on a socket of its own;
#   - a slurm.conf for one node named `hostname -s` with CPUs=8 (SlurmdParameters=config_overrides, so 8 array
#     tasks run at once on a smaller machine), proctrack/linuxproc, task/none, select/cons_tres, SlurmUser=root,
#     auth/munge through AuthInfo=socket=…, no accounting database;
#   - slurmctld and slurmd started from it.
# Everything lives under SLURM_DIR: LLM_BENCH_SLURM_DIR, else /tmp/llm-bench-slurm. Writes `export SLURM_CONF=…`
# to $SLURM_DIR/env and prints the SLURM_CONF to use on its last line.
set -euo pipefail

SLURM_DIR="${LLM_BENCH_SLURM_DIR:-/tmp/llm-bench-slurm}"
CONF="$SLURM_DIR/slurm.conf"
MUNGE_DIR="$SLURM_DIR/munge"
MUNGE_SOCKET="$MUNGE_DIR/munge.socket"
MUNGE_KEY="$MUNGE_DIR/munge.key"
NODE="$(hostname -s)"
export SLURM_CONF="$CONF"

log() { echo "slurm: $*" >&2; }

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
command -v slurmctld >/dev/null 2>&1 || [ -x /usr/sbin/slurmctld ] || missing+=(slurmctld)
command -v slurmd >/dev/null 2>&1 || [ -x /usr/sbin/slurmd ] || missing+=(slurmd)
command -v sbatch >/dev/null 2>&1 || missing+=(slurm-client)
command -v munged >/dev/null 2>&1 || [ -x /usr/sbin/munged ] || missing+=(munge)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq || log "apt-get update failed; trying the install with the package lists there are"
  $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
PATH="$PATH:/usr/sbin"

mkdir -p "$SLURM_DIR/state" "$SLURM_DIR/spool" "$SLURM_DIR/log" "$MUNGE_DIR"
chmod 700 "$MUNGE_DIR"

if [ ! -s "$MUNGE_KEY" ]; then
  log "generating a MUNGE key"
  dd if=/dev/urandom of="$MUNGE_KEY.tmp" bs=1024 count=1 status=none
  chmod 400 "$MUNGE_KEY.tmp"
  mv "$MUNGE_KEY.tmp" "$MUNGE_KEY"
fi

cat >"$CONF.tmp" <<EOF
# Written by scripts/setup-slurm.sh: a single-node cluster for llm-bench's Slurm launcher and its tests.
ClusterName=llmbench
SlurmctldHost=$NODE
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MUNGE_SOCKET
StateSaveLocation=$SLURM_DIR/state
SlurmdSpoolDir=$SLURM_DIR/spool
SlurmctldPidFile=$SLURM_DIR/slurmctld.pid
SlurmdPidFile=$SLURM_DIR/slurmd.pid
SlurmctldLogFile=$SLURM_DIR/log/slurmctld.log
SlurmdLogFile=$SLURM_DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
# Ended jobs stay visible to scontrol for 10 minutes (the launcher reads their exit codes there).
MinJobAge=600
MaxArraySize=10001
NodeName=$NODE CPUs=8 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF

is_munge_up() { munge -n -S "$MUNGE_SOCKET" 2>/dev/null | unmunge -S "$MUNGE_SOCKET" >/dev/null 2>&1; }
is_pid_alive() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
is_controller_up() { is_pid_alive "$SLURM_DIR/slurmctld.pid" && scontrol ping 2>/dev/null | grep -q "is UP"; }
node_state() { scontrol show node "$NODE" 2>/dev/null | sed -n 's/.*State=\([^ ]*\).*/\1/p' | head -1; }

restart=0
if ! cmp -s "$CONF.tmp" "$CONF"; then
  mv "$CONF.tmp" "$CONF"
  restart=1
else
  rm -f "$CONF.tmp"
fi

if ! is_munge_up; then
  log "starting munged on $MUNGE_SOCKET"
  rm -f "$MUNGE_SOCKET" "$MUNGE_SOCKET.lock"
  # --force: the socket sits under /tmp (world-writable), which munged otherwise refuses.
  munged --force --socket="$MUNGE_SOCKET" --key-file="$MUNGE_KEY" --pid-file="$MUNGE_DIR/munged.pid" \
    --log-file="$MUNGE_DIR/munged.log" --seed-file="$MUNGE_DIR/munged.seed"
  for _ in $(seq 1 50); do
    is_munge_up && break
    sleep 0.1
  done
  is_munge_up || {
    log "munged did not answer on $MUNGE_SOCKET; its log:"
    tail -20 "$MUNGE_DIR/munged.log" >&2
    exit 1
  }
fi

stop() {
  local pid_file="$1"
  if is_pid_alive "$pid_file"; then
    kill "$(cat "$pid_file")" 2>/dev/null || true
    for _ in $(seq 1 50); do
      is_pid_alive "$pid_file" || break
      sleep 0.1
    done
  fi
  rm -f "$pid_file"
}

if [ $restart -eq 1 ]; then
  log "slurm.conf changed: (re)starting slurmctld and slurmd"
  stop "$SLURM_DIR/slurmd.pid"
  stop "$SLURM_DIR/slurmctld.pid"
fi

if ! is_controller_up; then
  log "starting slurmctld"
  stop "$SLURM_DIR/slurmctld.pid"
  slurmctld -f "$CONF"
  for _ in $(seq 1 100); do
    is_controller_up && break
    sleep 0.1
  done
  is_controller_up || {
    log "slurmctld did not come up; its log:"
    tail -20 "$SLURM_DIR/log/slurmctld.log" >&2
    exit 1
  }
fi

if ! is_pid_alive "$SLURM_DIR/slurmd.pid"; then
  log "starting slurmd for node $NODE"
  slurmd -f "$CONF"
fi

# The node is usable once it registered: IDLE, MIXED or ALLOCATED (not UNKNOWN, DOWN, NOT_RESPONDING).
for _ in $(seq 1 150); do
  case "$(node_state)" in
  IDLE* | MIXED* | ALLOCATED*) break ;;
  *) sleep 0.1 ;;
  esac
done
state="$(node_state)"
case "$state" in
IDLE* | MIXED* | ALLOCATED*) ;;
DOWN* | DRAIN* | *NOT_RESPONDING*)
  # A node marked down by an earlier crash: return it to service.
  scontrol update NodeName="$NODE" State=RESUME >/dev/null 2>&1 || true
  sleep 1
  state="$(node_state)"
  case "$state" in IDLE* | MIXED* | ALLOCATED*) ;; *)
    log "node $NODE is $state; the end of slurmd's log:"
    tail -20 "$SLURM_DIR/log/slurmd.log" >&2
    exit 1
    ;;
  esac
  ;;
*)
  log "node $NODE is ${state:-unknown} after 15 s; the end of slurmd's log:"
  tail -20 "$SLURM_DIR/log/slurmd.log" >&2
  exit 1
  ;;
esac

echo "export SLURM_CONF=$CONF" >"$SLURM_DIR/env"
echo "$CONF"
