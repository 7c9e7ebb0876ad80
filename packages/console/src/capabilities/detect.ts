import type { Capability } from '@stowage/contracts';
import { MadminError } from '@stowage/madmin';
import type * as Minio from 'minio';
import { createAdminClient, createS3Client } from '../clients/store-clients.js';
import type { StoreEndpoint } from '../clients/store-endpoint.js';
import type { SessionPayload } from '../session/session-cookie.js';
import { type BucketFeature, bucketFeatureProbes, capabilitiesFrom, type ProbeAnswer } from './rules.js';

/** Each probe's budget: sign-in waits for the slowest one, so a silent server costs at most this. */
const PROBE_TIMEOUT_MS = 3_000;

/** The credentials a session signs with (STS-issued or the user's own). */
export type SigningKeys = Pick<SessionPayload, 'accessKey' | 'secretKey' | 'sessionToken' | 'region'>;

/** One read-only GET per bucket feature; none changes anything on the server. */
const bucketProbes: Record<BucketFeature, (s3: Minio.Client, bucket: string) => Promise<unknown>> = {
  versioning: (s3, b) => s3.getBucketVersioning(b),
  // The SDK also types these two with a callback overload that returns void; without one they return a promise.
  'object-lock': (s3, b) => s3.getObjectLockConfig(b) as unknown as Promise<unknown>,
  tagging: (s3, b) => s3.getBucketTagging(b),
  lifecycle: (s3, b) => s3.getBucketLifecycle(b),
  replication: (s3, b) => s3.getBucketReplication(b) as unknown as Promise<unknown>,
  notifications: (s3, b) => s3.getBucketNotification(b),
  encryption: (s3, b) => s3.getBucketEncryption(b),
};

/** Runs one probe with a deadline and records how it ended. */
export async function probe(run: (signal: AbortSignal) => Promise<unknown>): Promise<ProbeAnswer> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<ProbeAnswer>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ kind: 'timeout' });
    }, PROBE_TIMEOUT_MS);
  });
  const answered = run(controller.signal).then(
    (): ProbeAnswer => ({ kind: 'ok' }),
    (err: unknown): ProbeAnswer => {
      const e = err as { code?: unknown; status?: unknown; statusCode?: unknown };
      const status = err instanceof MadminError ? err.status : Number(e.statusCode ?? e.status ?? 0);
      if (typeof e.code !== 'string' && status === 0) return { kind: 'timeout' };
      return { kind: 'error', code: typeof e.code === 'string' ? e.code : '', status };
    },
  );
  try {
    return await Promise.race([answered, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The bucket the feature probes ask about: the first one the identity can list, else a random name no one
 * has (the server then answers NoSuchBucket where it routes the operation, NotImplemented where not).
 */
async function probeBucket(s3: Minio.Client): Promise<string> {
  try {
    const timeout = new Promise<[]>((resolve) => setTimeout(() => resolve([]), PROBE_TIMEOUT_MS).unref());
    const [first] = await Promise.race([s3.listBuckets(), timeout]);
    if (first !== undefined) return first.name;
  } catch {
    // Listing refused: ask about a bucket that does not exist.
  }
  return `stowage-probe-${crypto.randomUUID()}`;
}

/**
 * Detects what the server offers to this session (issue 24), with cheap read-only probes in parallel:
 * MinIO's admin `accountinfo`, and a GET of each bucket sub-resource. `sts` says whether sign-in went
 * through STS AssumeRole. The result is kept in the session cookie and decides the session's pages.
 */
export async function detectCapabilities(
  endpoint: StoreEndpoint,
  keys: SigningKeys,
  sts: boolean,
): Promise<Capability[]> {
  const creds: SessionPayload = { ...keys, expiresAt: 0, accountName: '', builtinUser: false };
  const s3 = createS3Client(endpoint, creds);
  const admin = createAdminClient(endpoint, creds);
  const bucketAnswers = probeBucket(s3).then(async (bucket) => {
    const answers = await Promise.all(
      bucketFeatureProbes.map((feature) => probe(() => bucketProbes[feature](s3, bucket))),
    );
    return Object.fromEntries(bucketFeatureProbes.map((f, i) => [f, answers[i]])) as Record<
      BucketFeature,
      ProbeAnswer
    >;
  });
  const [adminAnswer, buckets] = await Promise.all([
    probe((signal) => admin.accountInfo(undefined, signal)),
    bucketAnswers,
  ]);
  return capabilitiesFrom({ admin: adminAnswer, sts, buckets });
}
