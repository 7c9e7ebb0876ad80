// SPDX-License-Identifier: Apache-2.0
import type { HandlerResponse } from '../core/request.js';
import type { IssuedCredentials } from '../iam/index.js';

/** STS responses and errors (PROTOCOL-NOTES §3; AWS STS 2011-06-15 wire format). */
export const STS_NAMESPACE = 'https://sts.amazonaws.com/doc/2011-06-15/';
export const STS_VERSION = '2011-06-15';

export function escapeXml(s: string): string {
  return s.replace(/[<>&'"]/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : c === "'" ? '&apos;' : '&quot;',
  );
}

/** Go's time.Time RFC 3339 form without fractional seconds, as STS clients expect. */
function stsTime(d: Date): string {
  return d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export interface StsSuccess {
  /** e.g. `AssumeRole`: the response is `<AssumeRoleResponse><AssumeRoleResult>…`. */
  action: string;
  credentials: IssuedCredentials;
  /** null: no `<AssumedRoleUser>` at all (MinIO's AssumeRoleWithCustomToken answers `<AssumedUser>`). */
  assumedRoleUser?: { arn: string; assumeRoleId: string } | null;
  /** Extra result elements (already-escaped XML), e.g. `<SubjectFromWebIdentityToken>`. */
  extraResultXml?: string;
}

export function stsSuccessXml(r: StsSuccess, requestId: string): string {
  const c = r.credentials;
  const user =
    r.assumedRoleUser === null
      ? ''
      : r.assumedRoleUser
        ? `<AssumedRoleUser><Arn>${escapeXml(r.assumedRoleUser.arn)}</Arn><AssumeRoleId>${escapeXml(r.assumedRoleUser.assumeRoleId)}</AssumeRoleId></AssumedRoleUser>`
        : '<AssumedRoleUser><Arn></Arn><AssumeRoleId></AssumeRoleId></AssumedRoleUser>';
  const creds =
    `<Credentials><AccessKeyId>${escapeXml(c.accessKey)}</AccessKeyId>` +
    `<SecretAccessKey>${escapeXml(c.secretKey)}</SecretAccessKey>` +
    `<SessionToken>${escapeXml(c.sessionToken ?? '')}</SessionToken>` +
    `<Expiration>${c.expiration ? stsTime(c.expiration) : ''}</Expiration></Credentials>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<${r.action}Response xmlns="${STS_NAMESPACE}"><${r.action}Result>${user}${creds}${r.extraResultXml ?? ''}` +
    `</${r.action}Result><ResponseMetadata><RequestId>${requestId}</RequestId></ResponseMetadata></${r.action}Response>`
  );
}

/** STS error codes and their HTTP statuses (PROTOCOL-NOTES §3, MinIO cmd/sts-errors.go). */
export const STS_ERROR_STATUS: Readonly<Record<string, number>> = {
  AccessDenied: 403,
  InvalidParameterValue: 400,
  MissingParameter: 400,
  ExpiredToken: 400,
  InvalidIdentityToken: 400,
  IDPCommunicationError: 400,
  InvalidClientTokenId: 403,
  InsecureConnection: 400,
  InvalidClientCertificate: 400,
  InternalError: 500,
  STSNotInitialized: 503,
};

/**
 * The one STS error document (`ErrorResponse/Error{Type,Code,Message}` + `RequestId`): `Sender` for the
 * client's faults, `Receiver` for the server's (status ≥ 500). Used by the STS handler and by the HTTP
 * edge for errors raised before the handler runs (signature, body size).
 */
export function stsErrorXml(code: string, message: string, requestId: string, status = 400): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<ErrorResponse xmlns="${STS_NAMESPACE}"><Error><Type>${status >= 500 ? 'Receiver' : 'Sender'}</Type>` +
    `<Code>${escapeXml(code)}</Code><Message>${escapeXml(message)}</Message></Error>` +
    `<RequestId>${escapeXml(requestId)}</RequestId></ErrorResponse>`
  );
}

/** An STS error answer: the status of the code (or the one given), the XML document, the request id. */
export function stsErrorResponse(
  code: string,
  message: string,
  requestId: string,
  status?: number,
): HandlerResponse {
  const s = status ?? STS_ERROR_STATUS[code] ?? 400;
  return {
    status: s,
    headers: { 'content-type': 'application/xml', 'x-amz-request-id': requestId },
    body: stsErrorXml(code, message, requestId, s),
  };
}
