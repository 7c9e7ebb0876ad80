// SPDX-License-Identifier: Apache-2.0
// STS: AssumeRole (PROTOCOL-NOTES §3; AWS STS API, minio-go pkg/credentials/assume_role.go).
import { decodeXmlText, errorFromBody, MadminError } from '../errors.js';
import { AdminTransport, parseEndpoint } from '../transport.js';
import type { PolicyDocument } from '../types/policies.js';
import type {
  AssumeRoleOptions,
  AssumeRoleWithLDAPIdentityOptions,
  AssumeRoleWithWebIdentityOptions,
  StsCredentials,
} from '../types/sts.js';

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

function stsForm(
  action: string,
  durationSeconds?: number,
  policy?: string | PolicyDocument,
): URLSearchParams {
  const form = new URLSearchParams({ Action: action, Version: '2011-06-15' });
  if (durationSeconds !== undefined) {
    if (
      !Number.isInteger(durationSeconds) ||
      durationSeconds < MIN_DURATION ||
      durationSeconds > MAX_DURATION
    ) {
      throw new RangeError(`durationSeconds must be an integer between ${MIN_DURATION} and ${MAX_DURATION}`);
    }
    form.set('DurationSeconds', String(durationSeconds));
  }
  if (policy !== undefined) {
    const text = typeof policy === 'string' ? policy : JSON.stringify(policy);
    if (text.length > MAX_POLICY_CHARS)
      throw new RangeError(`policy must be at most ${MAX_POLICY_CHARS} characters`);
    form.set('Policy', text);
  }
  return form;
}

const FORM_TYPE = 'application/x-www-form-urlencoded; charset=utf-8';

/**
 * STS AssumeRole: `POST /` with a form body, signed for service `sts`, no query string. Returns
 * temporary credentials for the signing user, optionally narrowed by a session policy.
 */
export async function assumeRole(opts: AssumeRoleOptions): Promise<StsCredentials> {
  const form = stsForm('AssumeRole', opts.durationSeconds, opts.policy);
  const t = new AdminTransport({
    endpoint: opts.endpoint,
    accessKey: opts.accessKey,
    secretKey: opts.secretKey,
    region: opts.region ?? '',
    keyCache: false,
    ...(opts.fetch === undefined ? {} : { fetch: opts.fetch }),
    ...(opts.timeoutMs === undefined ? {} : { timeoutMs: opts.timeoutMs }),
  });
  const res = await t.send({
    method: 'POST',
    path: '/',
    absolutePath: true,
    body: form.toString(),
    headers: { 'content-type': FORM_TYPE },
    service: 'sts',
    signal: opts.signal,
  });
  return parseStsCredentials(await res.text(), res.status);
}

/** The identity-provider flavours are unsigned: the token or the LDAP password is the proof. */
async function postUnsigned(
  endpoint: string,
  form: URLSearchParams,
  signal?: AbortSignal,
): Promise<StsCredentials> {
  const url = parseEndpoint(endpoint);
  const res = await fetch(new URL('/', url), {
    method: 'POST',
    headers: { 'content-type': FORM_TYPE },
    body: form.toString(),
    signal,
    redirect: 'manual',
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status < 200 || res.status > 299) throw errorFromBody(res.status, res.statusText, body);
  return parseStsCredentials(body.toString('utf8'), res.status);
}

/** STS AssumeRoleWithWebIdentity (OpenID Connect): trades an ID token for temporary credentials. */
export async function assumeRoleWithWebIdentity(
  opts: AssumeRoleWithWebIdentityOptions,
): Promise<StsCredentials> {
  if (!opts.webIdentityToken) throw new TypeError('webIdentityToken is required');
  const form = stsForm('AssumeRoleWithWebIdentity', opts.durationSeconds, opts.policy);
  form.set('WebIdentityToken', opts.webIdentityToken);
  if (opts.webIdentityAccessToken) form.set('WebIdentityAccessToken', opts.webIdentityAccessToken);
  if (opts.roleArn) form.set('RoleArn', opts.roleArn);
  return postUnsigned(opts.endpoint, form, opts.signal);
}

/** STS AssumeRoleWithLDAPIdentity: trades LDAP credentials for temporary credentials. */
export async function assumeRoleWithLDAPIdentity(
  opts: AssumeRoleWithLDAPIdentityOptions,
): Promise<StsCredentials> {
  if (!opts.ldapUsername || !opts.ldapPassword)
    throw new TypeError('ldapUsername and ldapPassword are required');
  const form = stsForm('AssumeRoleWithLDAPIdentity', opts.durationSeconds, opts.policy);
  form.set('LDAPUsername', opts.ldapUsername);
  form.set('LDAPPassword', opts.ldapPassword);
  return postUnsigned(opts.endpoint, form, opts.signal);
}
