// STS: AssumeRole (PROTOCOL-NOTES §3; AWS STS API, minio-go pkg/credentials/assume_role.go).
import { decodeXmlText, errorFromBody, MadminError } from '../errors.js';
import { AdminTransport } from '../transport.js';
import type { AssumeRoleOptions, StsCredentials } from '../types/sts.js';

const MIN_DURATION = 900;
const MAX_DURATION = 31536000;
const MAX_POLICY_CHARS = 2048;

function tag(xml: string, name: string): string | undefined {
  const m = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml);
  return m ? decodeXmlText(m[1]!.trim()) : undefined;
}

/**
 * Reads `<*Result><Credentials>` out of an STS answer (AssumeRole and its WebIdentity/LDAP variants
 * share the shape). A body that is an STS `<ErrorResponse>` becomes a MadminError.
 */
export function parseStsCredentials(xml: string, status = 200): StsCredentials {
  if (/<ErrorResponse[\s>]/.test(xml)) throw errorFromBody(status, '', Buffer.from(xml));
  const creds = tag(xml, 'Credentials');
  const out: StsCredentials | undefined =
    creds === undefined
      ? undefined
      : {
          AccessKeyId: tag(creds, 'AccessKeyId') ?? '',
          SecretAccessKey: tag(creds, 'SecretAccessKey') ?? '',
          SessionToken: tag(creds, 'SessionToken') ?? '',
          Expiration: tag(creds, 'Expiration') ?? '',
        };
  if (!out?.AccessKeyId || !out.SecretAccessKey) {
    throw new MadminError({
      code: 'XMinioSTSBadResponse',
      message: `STS answer has no credentials: ${xml.slice(0, 200)}`,
      status,
    });
  }
  return out;
}

/**
 * STS AssumeRole: `POST /` with a form body, signed for service `sts`, no query string. Returns
 * temporary credentials for the signing user, optionally narrowed by a session policy.
 */
export async function assumeRole(opts: AssumeRoleOptions): Promise<StsCredentials> {
  const form = new URLSearchParams({ Action: 'AssumeRole', Version: '2011-06-15' });
  if (opts.durationSeconds !== undefined) {
    const d = opts.durationSeconds;
    if (!Number.isInteger(d) || d < MIN_DURATION || d > MAX_DURATION) {
      throw new RangeError(`durationSeconds must be an integer between ${MIN_DURATION} and ${MAX_DURATION}`);
    }
    form.set('DurationSeconds', String(d));
  }
  if (opts.policy !== undefined) {
    const policy = typeof opts.policy === 'string' ? opts.policy : JSON.stringify(opts.policy);
    if (policy.length > MAX_POLICY_CHARS)
      throw new RangeError(`policy must be at most ${MAX_POLICY_CHARS} characters`);
    form.set('Policy', policy);
  }
  const t = new AdminTransport({
    endpoint: opts.endpoint,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    region: opts.region ?? '',
    keyCache: false,
  });
  const res = await t.send({
    method: 'POST',
    path: '/',
    absolutePath: true,
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    service: 'sts',
    signal: opts.signal,
  });
  return parseStsCredentials(await res.text(), res.status);
}
