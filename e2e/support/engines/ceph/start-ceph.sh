#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Starts a single-node Ceph cluster (monitor, manager, one OSD or more, RADOS Gateway) on loopback as a
# real S3 engine for the journeys, without systemd. Needs Debian's ceph-mon ceph-osd ceph-mgr radosgw
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
# CEPH_OSDS (default 1): how many OSDs, each with its own store (BlueStore: its own file). With more than
#   one, pools are replicated across them: osd_pool_default_size = min(3, CEPH_OSDS), min_size = size - 1
#   (at least 1), one copy per OSD (the CRUSH failure domain is the OSD: they all share one host), and
#   the placement-group autoscaler is off so no pool splits or merges while a benchmark runs.
# CEPH_DATA_EC (default unset): "k+m", e.g. 2+2. RGW's data pool (default.rgw.buckets.data, which holds
#   the objects' bytes; the bucket index and other metadata pools stay replicated as above) is created
#   erasure-coded before RGW starts, from the profile rgw-ec-<k>-<m> (jerasure, crush-failure-domain=osd,
#   32 placement groups, min_size k+1). Needs CEPH_OSDS >= k+m.
# The defaults (memstore, one OSD, replicated size 1) are the journeys' cluster; the bench's equal-
# redundancy layout is CEPH_OSD_STORE=bluestore CEPH_OSDS=4 CEPH_DATA_EC=2+2.
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

OSDS=${CEPH_OSDS:-1}
[[ $OSDS =~ ^[1-9][0-9]?$ ]] || failed "CEPH_OSDS must be a number of OSDs (1-99), not '$OSDS'"
EC=${CEPH_DATA_EC:-}
if [ -n "$EC" ]; then
  [[ $EC =~ ^([1-9])\+([1-9])$ ]] || failed "CEPH_DATA_EC must be k+m (e.g. 2+2), not '$EC'"
  EC_K=${BASH_REMATCH[1]} EC_M=${BASH_REMATCH[2]}
  [ "$OSDS" -ge $((EC_K + EC_M)) ] || failed "CEPH_DATA_EC=$EC needs CEPH_OSDS >= $((EC_K + EC_M))"
fi

rm -rf "$D"/{mon,osd,mgr,run,log,rgw,monmap}
mkdir -p "$D"/{run,log,mon,osd,mgr/ceph-x,rgw}
for ((i = 0; i < OSDS; i++)); do mkdir -p "$D/osd/ceph-$i"; done
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
if [ "$OSDS" -gt 1 ]; then
  # The monitor creates the pools (RGW asks it to), so their defaults go in its section, which overrides
  # [global]'s size 1.
  SIZE=$((OSDS < 3 ? OSDS : 3))
  cat >>"$C" <<EOF
[mon]
osd_pool_default_size = $SIZE
osd_pool_default_min_size = $((SIZE > 1 ? SIZE - 1 : 1))
osd_pool_default_pg_autoscale_mode = off
EOF
fi

monmaptool --create --fsid "$FSID" --addv a "[v1:127.0.0.1:$MON_PORT]" --set-min-mon-release pacific \
  "$D/monmap" >/dev/null
ceph-mon -c "$C" --mkfs -i a --monmap "$D/monmap"
ceph-mon -c "$C" -i a
wait_for "the monitor" ceph -c "$C" mon stat
ceph-mgr -c "$C" -i x
for ((i = 0; i < OSDS; i++)); do
  OSD_UUID=$(uuidgen)
  # Right after the manager starts, the monitor can refuse commands for a moment ("EPERM: problem
  # getting command descriptions from mon"): retry; `osd new` with the same uuid gives the same id.
  until OSD_ID=$(timeout 30 ceph -c "$C" osd new "$OSD_UUID" 2>/dev/null); do
    [ "$SECONDS" -lt "$DEADLINE" ] || failed "timed out creating OSD $i"
    sleep 0.5
  done
  [ "$OSD_ID" = "$i" ] || failed "the monitor gave OSD id $OSD_ID, expected $i"
  ceph-osd -c "$C" -i "$OSD_ID" --mkfs --osd-uuid "$OSD_UUID" >/dev/null 2>&1
  # The first start can race the monitor ("wrong fsid"): retry until it stays up.
  wait_for "OSD $OSD_ID to start" ceph-osd -c "$C" -i "$OSD_ID"
done
wait_for "$OSDS OSD(s) to be up" bash -c "ceph -c '$C' osd stat 2>/dev/null | grep -q 'osds: $OSDS up'"
if [ -n "$EC" ]; then
  # Before RGW's first start, which would otherwise create its data pool replicated. A profile's
  # crush-failure-domain=osd puts each of an object's k+m chunks on a different OSD.
  PROFILE=rgw-ec-$EC_K-$EC_M
  timeout 30 ceph -c "$C" osd erasure-code-profile set "$PROFILE" k="$EC_K" m="$EC_M" \
    crush-failure-domain=osd >/dev/null
  timeout 30 ceph -c "$C" osd pool create default.rgw.buckets.data 32 32 erasure "$PROFILE" >/dev/null 2>&1
  timeout 30 ceph -c "$C" osd pool application enable default.rgw.buckets.data rgw >/dev/null 2>&1
fi
radosgw -c "$C" -n client.rgw.s3
wait_for "RADOS Gateway on port $RGW_PORT" curl -sf -o /dev/null "http://127.0.0.1:$RGW_PORT/"
# CEPH_ADMIN_CAPS (e.g. "users=*;buckets=*"): the user may also call RGW's Admin Ops API.
timeout 60 radosgw-admin -c "$C" user create --uid=s3user --display-name="S3 user" \
  --access-key="$AK" --secret="$SK" ${CEPH_ADMIN_CAPS:+--caps="$CEPH_ADMIN_CAPS"} >/dev/null
echo "ready http://127.0.0.1:$RGW_PORT"
