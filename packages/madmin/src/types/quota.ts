// Wire types of bucket quotas (madmin-go quota-commands.go).

/** `hard` is enforced on PUT; `fifo` is accepted for compatibility with older MinIO. */
export type QuotaType = 'hard' | 'fifo';

/** `GET /get-bucket-quota?bucket=` response and `PUT /set-bucket-quota?bucket=` body; 0 clears. */
export interface BucketQuota {
  quota: number;
  quotatype?: QuotaType;
}
