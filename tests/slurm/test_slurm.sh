#!/usr/bin/env bash
# The Slurm back end of scripts/regress (docs/regress.md), on a single-node Slurm started
# here: munged with a generated key and its own socket, slurmctld and slurmd (Debian's
# slurm-wlm) with a minimal slurm.conf in a temporary directory (SlurmctldHost=localhost,
# one node with this machine's CPUs and memory, proctrack/linuxproc, task/none, no cgroup,
# no accounting), run in the foreground as background processes and killed at the end.
# Then `scripts/regress --slurm` runs a small regression (4 jobs; the co-simulation when
# the simulator is built, else --model-only) as a job array, plus one array with a
# deliberately failing simulator, and the collected results are checked.
# Needs root (the daemons) and the packages slurm-wlm and munge (scripts/deps.sh installs
# them); otherwise it prints SKIP with the reason and counts as skipped.
# Prints "N passed, N failed[, N skipped]".
set -u
cd "$(dirname "$0")/../.."
ROOT=$PWD
pass=0 fail=0
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }
check() { if eval "$1"; then ok "$2"; else bad "$2"; fi; }
skip() {
  echo "SKIP slurm: $1"
  echo "0 passed, 0 failed, 1 skipped"
  exit 0
}

[ "$(id -u)" = 0 ] || skip "not root: the test starts munged, slurmctld and slurmd"
for c in munged mungekey slurmctld slurmd sbatch squeue scancel; do
  command -v $c >/dev/null 2>&1 || skip "$c not installed (apt-get install slurm-wlm munge; scripts/deps.sh does)"
done
id munge >/dev/null 2>&1 || skip "no munge user (the munge package creates it)"

T=$(mktemp -d /tmp/gcnref-slurm.XXXXXX)
chmod 755 "$T"
PIDS=()
cleanup() {
  exec 2>/dev/null  # no job-control notices after the summary line
  # slurmd, slurmctld, then munged (by its own pid file too: runuser is its parent)
  local mpid
  mpid=$(cat "$T/munge/munged.pid" 2>/dev/null)
  for ((i = ${#PIDS[@]} - 1; i >= 0; i--)); do
    p=${PIDS[$i]}
    kill "$p"
    [ $i = 0 ] && [ -n "$mpid" ] && kill "$mpid"
    for _ in $(seq 50); do kill -0 "$p" || break; sleep 0.1; done
    kill -9 "$p"
  done
  [ -n "$mpid" ] && kill -9 "$mpid"
  wait
  [ -n "${KEEP:-}" ] || rm -rf "$T"
}
trap cleanup EXIT
dump_logs() {
  for f in "$T"/munge/munged.log "$T"/slurmctld.log "$T"/slurmd.log; do
    [ -f "$f" ] && { echo "---- $f"; tail -20 "$f"; }
  done
}

# ---------------------------------------------------------------- munge
M=$T/munge
mkdir -p "$M"
mungekey -c -k "$M/munge.key" >/dev/null 2>&1 || dd if=/dev/urandom of="$M/munge.key" bs=1024 count=1 2>/dev/null
chown -R munge:munge "$M"
chmod 755 "$M"  # munged: the socket directory must be executable by all
chmod 400 "$M/munge.key"
runuser -u munge -- munged -F --socket="$M/munge.sock" --key-file="$M/munge.key" \
  --pid-file="$M/munged.pid" --log-file="$M/munged.log" --seed-file="$M/munged.seed" >"$T/munged.out" 2>&1 &
PIDS+=($!)
for _ in $(seq 50); do [ -S "$M/munge.sock" ] && break; sleep 0.1; done
[ -S "$M/munge.sock" ] || { dump_logs; skip "munged did not start (see above)"; }
# munge's socket directory must be reachable by the clients (root here)
ok "munged running (socket $M/munge.sock)"

# ---------------------------------------------------------------- slurm
free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
P1=$(free_port)
P2=$(free_port)
CPUS=$(nproc)
MEM=$(awk '/MemTotal/ {print int($2 / 1024 * 0.9)}' /proc/meminfo)
mkdir -p "$T/state" "$T/spool"
cat >"$T/slurm.conf" <<EOF
ClusterName=gcnref
SlurmctldHost=localhost
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$M/munge.sock
CredType=cred/munge
MpiDefault=none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
SlurmctldPort=$P1
SlurmdPort=$P2
StateSaveLocation=$T/state
SlurmdSpoolDir=$T/spool
SlurmctldPidFile=$T/slurmctld.pid
SlurmdPidFile=$T/slurmd.pid
SlurmctldLogFile=$T/slurmctld.log
SlurmdLogFile=$T/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ReturnToService=2
MaxArraySize=1001
InactiveLimit=0
KillWait=5
MinJobAge=300
NodeName=localhost NodeHostname=$(hostname) NodeAddr=127.0.0.1 CPUs=$CPUS RealMemory=$MEM State=UNKNOWN
PartitionName=gcnref Nodes=localhost Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$T/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" >"$T/slurmctld.out" 2>&1 &
PIDS+=($!)
sleep 1
slurmd -D -N localhost -f "$SLURM_CONF" >"$T/slurmd.out" 2>&1 &
PIDS+=($!)
up=""
for _ in $(seq 60); do
  if timeout 5 sinfo -h -o '%T' 2>/dev/null | grep -Eq '^(idle|mixed|allocated)'; then up=y; break; fi
  sleep 0.5
done
if [ -z "$up" ]; then
  echo "sinfo: $(sinfo 2>&1 | tail -3)"
  cat "$T"/slurmctld.out "$T"/slurmd.out 2>/dev/null | tail -20
  dump_logs
  skip "the single-node Slurm did not come up (logs above)"
fi
ok "single-node Slurm up: $(sinfo -h -o '%P %D %T %c CPUs' | head -1)"

# ---------------------------------------------------------------- a regression through it
SIM=build/rtl/cosim/cfg_1_6_2/tb_cosim
if [ -x "$SIM" ]; then target=(--sim "$SIM"); what="co-simulation"; else target=(--model-only); what="model only"; fi
OUT=$T/regress
scripts/regress --slurm --seeds 2 --gens gcn10,gcn14 --count 10 "${target[@]}" --timeout 120 \
  --slurm-wait 300 --out "$OUT" --quiet >"$T/regress.txt" 2>&1
rc=$?
cat "$T/regress.txt"
check '[ $rc = 0 ]' "scripts/regress --slurm: 4 jobs ($what) pass, exit status 0"
check 'grep -q "^4 passed, 0 failed" "$T/regress.txt"' "results table: 4 passed, 0 failed"
check 'grep -q "array=0-3" "$OUT/slurm/regress.sbatch"' "job array script with --array=0-3"
check '[ $(ls "$OUT"/slurm/task_*.out 2>/dev/null | wc -l) = 4 ]' "4 array tasks ran (their output files)"
check 'python3 -c "
import json,sys
r=json.load(open(\"$OUT/results.json\"))
j=r[\"jobs\"]
sys.exit(not (r[\"mode\"]==\"slurm\" and len(j)==4 and all(x[\"status\"]==\"pass\" and x[\"instructions\"]>0 for x in j)))"' \
  "results.json: 4 passing jobs with instruction counts, mode slurm"
check 'python3 -c "
import xml.etree.ElementTree as E,sys
s=E.parse(\"$OUT/junit.xml\").getroot().find(\"testsuite\")
sys.exit(not (s.get(\"tests\")==\"4\" and s.get(\"failures\")==\"0\"))"' "JUnit XML: 4 tests, 0 failures"
check '[ -s "$OUT/coverage.db" ] && grep -q "^gcn14\." "$OUT/coverage.db"' "merged functional coverage of the array"
check '[ -s "$OUT/report/index.html" ]' "HTML report of the Slurm regression"

# a failing simulator: every task fails, the failures are collected with repro commands
BUG=build/rtl/cosim/bug_BUG_SCC_ADD_U32/tb_cosim
if [ -x "$BUG" ]; then
  OUT2=$T/regress_bug
  scripts/regress --slurm --seeds 1 --gens gcn10,gcn11 --count 30 --sim "$BUG" --timeout 120 \
    --slurm-wait 300 --out "$OUT2" --quiet >"$T/regress_bug.txt" 2>&1
  rc=$?
  cat "$T/regress_bug.txt"
  check '[ $rc = 1 ] && grep -q "^0 passed, 2 failed" "$T/regress_bug.txt"' "the BUG_SCC_ADD_U32 core fails both Slurm tasks"
  check '[ $(grep -c "reproduce: .*gcnref gen" "$T/regress_bug.txt") = 2 ]' "each failure has its reproduction command"
fi
echo "$pass passed, $fail failed"
[ $fail = 0 ]
