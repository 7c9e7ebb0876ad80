#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Makes sure the system packages the tests drive are present: Debian's Chromium (browser journeys),
# awscli and s3cmd (S3 conformance), Go with MinIO's own Go SDK sources (minio-go / madmin-go conformance),
# Ceph's monitor, OSD, manager and RADOS Gateway (the journeys on Ceph RGW, e2e/support/engines/ceph/).
# The servers test-services/ starts for event notifications and audit: PostgreSQL, MariaDB, Redis, Mosquitto,
# RabbitMQ, NATS.
# slapd: the LDAP directory of the single sign-on tests (test-services/services/slapd.ts).
# As root it installs what is missing with apt-get; otherwise it fails and says what to install.
set -euo pipefail

declare -A need=(
  [chromium]=/usr/bin/chromium
  [awscli]=/usr/bin/aws
  [s3cmd]=/usr/bin/s3cmd
  [golang-go]=/usr/bin/go
  [golang-github-minio-madmin-go-dev]=/usr/share/gocode/src/github.com/minio/madmin-go
  [golang-github-minio-minio-go-v7-dev]=/usr/share/gocode/src/github.com/minio/minio-go
  [fonts-dejavu-core]=/usr/share/fonts/truetype/dejavu
  [openssl]=/usr/bin/openssl
  [curl]=/usr/bin/curl
  [ceph-mon]=/usr/bin/ceph-mon
  [ceph-osd]=/usr/bin/ceph-osd
  [ceph-mgr]=/usr/bin/ceph-mgr
  [radosgw]=/usr/bin/radosgw
  [uuid-runtime]=/usr/bin/uuidgen
  [python3-boto3]=/usr/lib/python3/dist-packages/boto3
  [prometheus]=/usr/bin/prometheus
  [postgresql]=/usr/lib/postgresql
  [mariadb-server]=/usr/sbin/mariadbd
  [redis-server]=/usr/bin/redis-server
  [mosquitto]=/usr/sbin/mosquitto
  [rabbitmq-server]=/usr/lib/rabbitmq/bin/rabbitmq-server
  [nats-server]=/usr/sbin/nats-server
  [slapd]=/usr/sbin/slapd
)

missing=()
for pkg in "${!need[@]}"; do
  [ -e "${need[$pkg]}" ] || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "Missing system packages for the tests: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "Installing system packages for the tests: ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
for pkg in "${missing[@]}"; do
  [ -e "${need[$pkg]}" ] || { echo "apt-get installed $pkg but ${need[$pkg]} is still missing" >&2; exit 1; }
done
