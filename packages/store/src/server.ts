/**
 * The store's process-level entry: opens the drives, builds IAM, and serves S3, STS and the admin API
 * on one HTTP(S) port. Dispatch: `/minio/admin/v3/...` → admin, `POST /` with an STS `Action` → STS,
 * everything else → S3.
 */
export interface StoreOptions {
  /** Folder holding the drive folders (`drive1` … `driveN`) and the store's own files. */
  dataDir: string;
  /** Number of drive folders (1 = plain mode, ≥ 4 = erasure coded). */
  drives: number;
  port: number;
  host?: string;
  rootUser: string;
  rootPassword: string;
  /** Region reported by GetBucketLocation; '' means us-east-1 semantics. */
  region?: string;
  tls?: { cert: Buffer; key: Buffer };
}

export interface StoreHandle {
  /** e.g. http://127.0.0.1:9000 */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startStore(_opts: StoreOptions): Promise<StoreHandle> {
  throw new Error('the store server is being built (issue 3)');
}
