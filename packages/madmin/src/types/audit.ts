// SPDX-License-Identifier: Apache-2.0
// MinIO's audit entry (minio/internal/logger/message/audit Entry, version 1): the fields a log search
// indexes, as the embedded store hands them to a receiver in its own process along with the entry's JSON.

/** The searchable fields of one audit entry. */
export interface AuditEntryFields {
  /** `time`: ISO 8601 in UTC. */
  time: string;
  /** `api.name`, e.g. `PutObject`. */
  api: string;
  /** `api.bucket`, `api.object` ('' when none). */
  bucket: string;
  object: string;
  remotehost: string;
  requestID: string;
  /** '' when none. */
  userAgent: string;
  /** `api.status`, `api.statusCode`. */
  status: string;
  statusCode: number;
  /** `api.rx`, `api.tx`: request and response bytes. */
  rx: number;
  tx: number;
  /** `api.timeToResponseInNS` as a number. */
  timeToResponseNs: number;
}
