#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Stops the daemons start-ceph.sh started in CEPH_DIR, in reverse order: by their pid files, then any
# process still running with this folder's ceph.conf (a daemon that died before writing its pid file).
D=${CEPH_DIR:?CEPH_DIR must name the folder given to start-ceph.sh}
stop_pid() {
  kill "$1" 2>/dev/null || return 0
  for _ in $(seq 1 50); do kill -0 "$1" 2>/dev/null || return 0; sleep 0.1; done
  kill -9 "$1" 2>/dev/null || true
}
stop_file() {
  [ -f "$1" ] && stop_pid "$(cat "$1")"
  rm -f "$1"
}
stop_file "$D/run/client.rgw.s3.pid"
# The OSDs (one, or several with CEPH_OSDS) together: each takes seconds to shut down.
for f in "$D"/run/osd.*.pid; do stop_file "$f" & done
wait
stop_file "$D/run/mgr.x.pid"
stop_file "$D/run/mon.a.pid"
for cmdline in /proc/[0-9]*/cmdline; do
  pid=${cmdline#/proc/}; pid=${pid%/cmdline}
  tr '\0' ' ' <"$cmdline" 2>/dev/null | grep -qF -- "-c $D/ceph.conf " && stop_pid "$pid"
done
exit 0
