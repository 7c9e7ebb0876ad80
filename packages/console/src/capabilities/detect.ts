// SPDX-License-Identifier: Apache-2.0
import { text } from 'node:stream/consumers';
import { MadminError } from '@stowage/madmin';
import type * as Minio from 'minio';
import { RgwAdminError } from '../clients/rgw-admin/rgw-admin-client.js';
import {
  createAdminClient,
  createRgwAdminClient,
  createRgwTopicsClient,
  createS3Client,
  sessionS3Region,
} from '../clients/store-clients.js';
import type { StoreEndpoint } from '../clients/store-endpoint.js';
import type { SessionPayload } from '../session/session-cookie.js';
import {
  type BucketFeature,
  bucketFeatureProbes,
  capabilitiesFrom,
  GUESSED_BUCKET_FEATURES,
  type ProbeAnswer,
  RGW_ADMIN_OPS_DENIED,
  RGW_NO_ADMIN_CAPS,
  rgwAdminOpsDenied,
} from './rules.js';

/** Each probe's budget: sign-in waits for the slowest one, so a silent server costs at most this. */
const PROBE_TIMEOUT_MS = 3_000;

/** The credentials a session signs with (STS-issued or the user's own). */
export type SigningKeys = Pick<SessionPayload, 'accessKey' | 'secretKey' | 'sessionToken' | 'region'>;

/** An XML answer whose root element is one of `roots`. */
const xmlRoot =
  (...roots: string[]) =>
  (body: string): boolean =>
    new RegExp(`<(?:${roots.join('|')})[\\s>/]`).test(body);

/**
 * The sub-resource each bucket feature is read from, and how a server that has the feature answers it. A
 * server that ignores the sub-resource answers something else (s3rver lists the bucket for `?versioning`,
 * Ceph RGW 16 for `?ownershipControls` and `?encryption`), which counts as NotImplemented.
 */
const bucketProbes: Record<BucketFeature, { query: string; answers: (body: string) => boolean }> = {
  versioning: { query: 'versioning', answers: xmlRoot('VersioningConfiguration') },
  'object-lock': { query: 'object-lock', answers: xmlRoot('ObjectLockConfiguration') },
  tagging: { query: 'tagging', answers: xmlRoot('Tagging') },
  lifecycle: { query: 'lifecycle', answers: xmlRoot('LifecycleConfiguration') },
  replication: { query: 'replication', answers: xmlRoot('ReplicationConfiguration') },
  notifications: { query: 'notification', answers: xmlRoot('NotificationConfiguration') },
  encryption: { query: 'encryption', answers: xmlRoot('ServerSideEncryptionConfiguration') },
  // S3 API: GetBucketPolicy answers the policy document itself (JSON).
  policy: { query: 'policy', answers: (body) => body.trimStart().startsWith('{') },
  cors: { query: 'cors', answers: xmlRoot('CORSConfiguration') },
  // Ceph RGW names the root BlockPublicAccessBlockConfiguration.
  'public-access-block': {
    query: 'publicAccessBlock',
    answers: xmlRoot('PublicAccessBlockConfiguration', 'BlockPublicAccessBlockConfiguration'),
  },
  'ownership-controls': { query: 'ownershipControls', answers: xmlRoot('OwnershipControls') },
};

/** One read-only GET of a bucket sub-resource; S3 errors reject with their code (the SDK parses them). */
async function readSubresource(s3: Minio.Client, bucket: string, feature: BucketFeature): Promise<void> {
  const { query, answers } = bucketProbes[feature];
  const res = await s3.makeRequestAsync({ method: 'GET', bucketName: bucket, query }, '', [200]);
  if (!answers(await text(res))) {
    throw Object.assign(new Error(`GET ?${query} answered something else`), { code: 'NotImplemented' });
  }
}

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
async function probeBucket(s3: Minio.Client): Promise<{ name: string; listed: boolean }> {
  const first = await firstBucket(s3);
  return first === undefined
    ? { name: `stowage-probe-${crypto.randomUUID()}`, listed: false }
    : { name: first, listed: true };
}

/** The first bucket ListBuckets names; undefined when there is none, or listing fails or is slow. */
async function firstBucket(s3: Minio.Client): Promise<string | undefined> {
  try {
    const timeout = new Promise<[]>((resolve) => setTimeout(() => resolve([]), PROBE_TIMEOUT_MS).unref());
    const [first] = await Promise.race([s3.listBuckets(), timeout]);
    return first?.name;
  } catch {
    return undefined;
  }
}

/** The probe clients of a session's keys. */
function probeClients(endpoint: StoreEndpoint, keys: SigningKeys) {
  const creds: SessionPayload = { ...keys, expiresAt: 0, accountName: '', builtinUser: false };
  return {
    s3: createS3Client(endpoint, creds),
    admin: createAdminClient(endpoint, creds),
    rgw: createRgwAdminClient(endpoint, creds),
    topics: createRgwTopicsClient(endpoint, creds),
  };
}

/** The owner id ListBuckets names (on RGW: the user id of the signing keys); undefined when none. */
async function ownerId(s3: Minio.Client, region: string, signal: AbortSignal): Promise<string | undefined> {
  const res = await s3.makeRequestAsync({ method: 'GET' }, '', [200], region);
  signal.throwIfAborted();
  return /<Owner>\s*<ID>([^<]+)<\/ID>/.exec(await text(res))?.[1];
}

/**
 * Ceph RGW's Admin Ops probe (issue 36), read-only: the keys' own user id from ListBuckets, then
 * `GET /admin/user?uid=<it>`. Only RGW answers that with the user's JSON document, and only to a user
 * with `users=read` caps; anything else (no owner, S3's NoSuchBucket for bucket `admin`, AccessDenied)
 * is an error.
 */
async function readOwnUser(
  s3: Minio.Client,
  rgw: ReturnType<typeof createRgwAdminClient>,
  region: string,
  signal: AbortSignal,
): Promise<void> {
  const uid = await ownerId(s3, region, signal);
  if (uid === undefined) throw Object.assign(new Error('ListBuckets named no owner'), { code: 'NoOwner' });
  const user = await rgw.getUser(uid, signal).catch((err: unknown) => {
    // RGW's Admin Ops refusing the caller (JSON AccessDenied): Ceph RGW, an RGW user without admin caps.
    if (err instanceof RgwAdminError && err.fromAdminOps && err.code === 'AccessDenied')
      throw Object.assign(new Error('RGW Admin Ops refused: no admin caps'), {
        code: RGW_ADMIN_OPS_DENIED,
        status: err.status,
      });
    throw err;
  });
  if (user.user_id !== uid) throw Object.assign(new Error('another user answered'), { code: 'NoOwner' });
}

/**
 * Detects what the server offers to this session (issue 24), with cheap read-only probes in parallel:
 * MinIO's admin `accountinfo`, Ceph RGW's Admin Ops (`GET /admin/user` of the keys' own user), the
 * SNS-compatible `ListTopics`, and a GET of each bucket sub-resource. `sts` says whether sign-in went
 * through STS AssumeRole. The result is kept in the session cookie and decides the session's pages.
 */
export async function detectCapabilities(
  endpoint: StoreEndpoint,
  keys: SigningKeys,
  sts: boolean,
): Promise<string[]> {
  const { s3, admin, rgw, topics: topicsClient } = probeClients(endpoint, keys);
  let listed = false;
  const bucketAnswers = probeBucket(s3).then(async (bucket) => {
    listed = bucket.listed;
    const answers = await Promise.all(
      bucketFeatureProbes.map((feature) => probe(() => readSubresource(s3, bucket.name, feature))),
    );
    return Object.fromEntries(bucketFeatureProbes.map((f, i) => [f, answers[i]])) as Record<
      BucketFeature,
      ProbeAnswer
    >;
  });
  const [adminAnswer, rgwAdmin, topics, buckets] = await Promise.all([
    probe((signal) => admin.accountInfo(undefined, signal)),
    probe((signal) => readOwnUser(s3, rgw, sessionS3Region(endpoint, keys), signal)),
    probe((signal) => topicsClient.listTopics(signal)),
    bucketAnswers,
  ]);
  const caps: string[] = capabilitiesFrom({ admin: adminAnswer, rgwAdmin, topics, sts, buckets });
  if (rgwAdminOpsDenied(rgwAdmin)) caps.push(RGW_NO_ADMIN_CAPS);
  return listed || caps.includes('admin') ? caps : [...caps, GUESSED_BUCKET_FEATURES];
}

/**
 * For a session whose bucket features were guessed at sign-in (no bucket then): the capabilities probed
 * again once ListBuckets names a bucket; null while there is still none, or when nothing was guessed.
 */
export async function refineGuessedCapabilities(
  endpoint: StoreEndpoint,
  session: SessionPayload,
): Promise<string[] | null> {
  if (!session.caps?.includes(GUESSED_BUCKET_FEATURES)) return null;
  if ((await firstBucket(probeClients(endpoint, session).s3)) === undefined) return null;
  return detectCapabilities(endpoint, session, session.caps.includes('sts'));
}
