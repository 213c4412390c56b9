#!/usr/bin/env bash
# A one-node SLURM cluster on this machine, for the split test
# (crates/cli/tests/split_cli.rs, `slurm_runs_a_split`) and for trying
# `sbatch split.sbatch` by hand (docs/distributed.md).
#
#   scripts/slurm-local.sh start   # write the config, start munged, slurmctld, slurmd
#   scripts/slurm-local.sh status  # sinfo
#   scripts/slurm-local.sh stop    # stop the three daemons this script started
#
# Needs root and Debian's packages: apt-get install -y slurmctld slurmd munge slurm-client.
# `start` is idempotent: daemons already answering are left running.
# Everything lives under $SLURM_LOCAL_DIR (default /tmp/kosolve-slurm).
set -euo pipefail

dir=${SLURM_LOCAL_DIR:-/tmp/kosolve-slurm}
conf=/etc/slurm/slurm.conf
cpus=$(nproc)
host=localhost

write_conf() {
    mkdir -p "$dir/state" "$dir/spool" "$dir/log" /etc/slurm
    local real
    real=$(hostname -s)
    cat >"$conf" <<EOF
# Written by kosolve's scripts/slurm-local.sh: one node, no cgroups.
ClusterName=kosolve
SlurmctldHost=$real($host)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
SchedulerType=sched/backfill
MpiDefault=none
NodeName=$real NodeAddr=$host CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$real Default=YES MaxTime=INFINITE State=UP
EOF
}

start_munge() {
    if munge -n </dev/null >/dev/null 2>&1; then
        return
    fi
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    if [ ! -s /etc/munge/munge.key ]; then
        dd if=/dev/urandom bs=1 count=1024 of=/etc/munge/munge.key 2>/dev/null
    fi
    chown -R munge:munge /etc/munge /run/munge /var/log/munge /var/lib/munge 2>/dev/null || true
    chmod 0400 /etc/munge/munge.key
    if id munge >/dev/null 2>&1; then
        runuser -u munge -- /usr/sbin/munged
    else
        /usr/sbin/munged --force
    fi
    for _ in $(seq 50); do
        munge -n </dev/null >/dev/null 2>&1 && return
        sleep 0.1
    done
    echo "slurm-local: munged does not answer" >&2
    exit 1
}

running() { [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

case "${1:-start}" in
start)
    write_conf
    start_munge
    running "$dir/slurmctld.pid" || /usr/sbin/slurmctld
    running "$dir/slurmd.pid" || /usr/sbin/slurmd
    for _ in $(seq 100); do
        if sinfo -h -o '%T' 2>/dev/null | grep -qE '^(idle|mixed|allocated)'; then
            sinfo
            exit 0
        fi
        sleep 0.2
    done
    echo "slurm-local: the node did not come up; logs in $dir/log" >&2
    sinfo >&2 || true
    tail -n 20 "$dir/log/slurmctld.log" "$dir/log/slurmd.log" >&2 || true
    exit 1
    ;;
status)
    sinfo
    ;;
stop)
    for d in slurmd slurmctld; do
        if running "$dir/$d.pid"; then
            kill "$(cat "$dir/$d.pid")"
        fi
    done
    ;;
*)
    echo "usage: $0 start|status|stop" >&2
    exit 2
    ;;
esac
