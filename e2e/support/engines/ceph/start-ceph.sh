#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Starts a single-node Ceph cluster (monitor, manager, one OSD, RADOS Gateway) on loopback as a real S3
# engine for the journeys, without systemd. Needs Debian's ceph-mon ceph-osd ceph-mgr radosgw
# uuid-runtime (scripts/system-deps.sh installs them as root).
#
# Variables: CEPH_DIR (state folder, required: the daemons' pid files, logs and config live there),
# CEPH_MON_PORT and CEPH_RGW_PORT (free ports, chosen by the caller), CEPH_ACCESS_KEY / CEPH_SECRET_KEY
# (the S3 user's keys), CEPH_START_TIMEOUT (seconds, default 90).
# CEPH_OSD_STORE picks the OSD's object store:
#   memstore (the default): the OSD keeps its data in memory (1 GiB); it starts in a few seconds.
#   bluestore: BlueStore on a plain file, CEPH_DIR/osd/ceph-<id>/block, created sparse at mkfs with
#     CEPH_BLUESTORE_BYTES (default 8 GiB) and holding BlueStore's RocksDB and its WAL too; writes are
#     synced to that file as on a disk, so what RGW acknowledges is durable. Its memory target is 1 GiB.
# Prints "ready <url>" when RGW answers S3 with the user in place. On failure or timeout it prints the
# daemons' logs, stops what it started (stop-ceph.sh) and exits non-zero.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
D=${CEPH_DIR:?CEPH_DIR must name the folder for the cluster state}
MON_PORT=${CEPH_MON_PORT:?CEPH_MON_PORT must be a free port}
RGW_PORT=${CEPH_RGW_PORT:?CEPH_RGW_PORT must be a free port}
AK=${CEPH_ACCESS_KEY:?CEPH_ACCESS_KEY must be set}
SK=${CEPH_SECRET_KEY:?CEPH_SECRET_KEY must be set}
DEADLINE=$((SECONDS + ${CEPH_START_TIMEOUT:-90}))
C=$D/ceph.conf
export CEPH_CONF=$C

failed() {
  echo "start-ceph.sh: $1" >&2
  for f in "$D"/log/*.log; do
    [ -s "$f" ] || continue
    echo "---- last lines of $f" >&2
    tail -n 40 "$f" >&2
  done
  bash "$HERE/stop-ceph.sh" >&2 || true
  exit 1
}
trap 'failed "command failed at line $LINENO"' ERR

# Runs "$@" until it succeeds, each try bounded to 10 s, until the overall deadline.
wait_for() {
  local what=$1
  shift
  until timeout 10 "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$DEADLINE" ] || failed "timed out waiting for $what"
    sleep 0.3
  done
}

rm -rf "$D"/{mon,osd,mgr,run,log,rgw,monmap}
mkdir -p "$D"/{run,log,mon,osd/ceph-0,mgr/ceph-x,rgw}
sed -e "s#@DIR@#$D#g" -e "s#@MON_PORT@#$MON_PORT#g" -e "s#@RGW_PORT@#$RGW_PORT#g" -e "s#@FSID@#$(uuidgen)#g" \
  "$HERE/ceph.conf.in" >"$C"
FSID=$(sed -n 's/^fsid = //p' "$C")
case ${CEPH_OSD_STORE:-memstore} in
  memstore) ;;
  bluestore)
    # An [osd] section overrides [global]'s memstore. With no bluestore_block_path, mkfs creates the
    # file osd_data/block (sparse); no fsck at mkfs: the file is new and empty.
    cat >>"$C" <<EOF
[osd]
osd_objectstore = bluestore
bluestore_block_create = true
bluestore_block_size = ${CEPH_BLUESTORE_BYTES:-8589934592}
bluestore_block_db_create = false
bluestore_block_wal_create = false
bluestore_fsck_on_mkfs = false
osd_memory_target = 1073741824
EOF
    ;;
  *) failed "CEPH_OSD_STORE must be memstore or bluestore, not '$CEPH_OSD_STORE'" ;;
esac

monmaptool --create --fsid "$FSID" --addv a "[v1:127.0.0.1:$MON_PORT]" --set-min-mon-release pacific \
  "$D/monmap" >/dev/null
ceph-mon -c "$C" --mkfs -i a --monmap "$D/monmap"
ceph-mon -c "$C" -i a
wait_for "the monitor" ceph -c "$C" mon stat
ceph-mgr -c "$C" -i x
OSD_UUID=$(uuidgen)
# Right after the manager starts, the monitor can refuse commands for a moment ("EPERM: problem getting
# command descriptions from mon"): retry; `osd new` with the same uuid gives the same id.
until OSD_ID=$(timeout 30 ceph -c "$C" osd new "$OSD_UUID" 2>/dev/null); do
  [ "$SECONDS" -lt "$DEADLINE" ] || failed "timed out creating the OSD"
  sleep 0.5
done
ceph-osd -c "$C" -i "$OSD_ID" --mkfs --osd-uuid "$OSD_UUID" >/dev/null 2>&1
# The first start can race the monitor ("wrong fsid"): retry until it stays up.
wait_for "the OSD to start" ceph-osd -c "$C" -i "$OSD_ID"
wait_for "the OSD to be up" bash -c "ceph -c '$C' osd stat 2>/dev/null | grep -q '1 up'"
radosgw -c "$C" -n client.rgw.s3
wait_for "RADOS Gateway on port $RGW_PORT" curl -sf -o /dev/null "http://127.0.0.1:$RGW_PORT/"
# CEPH_ADMIN_CAPS (e.g. "users=*;buckets=*"): the user may also call RGW's Admin Ops API.
timeout 60 radosgw-admin -c "$C" user create --uid=s3user --display-name="S3 user" \
  --access-key="$AK" --secret="$SK" ${CEPH_ADMIN_CAPS:+--caps="$CEPH_ADMIN_CAPS"} >/dev/null
echo "ready http://127.0.0.1:$RGW_PORT"
