// SPDX-License-Identifier: Apache-2.0
import { ApiHttpError } from './api-http-error.js';

/**
 * The one place that explains why the storage server could not be reached (issue 24): a name that does not
 * resolve, a refused connection, no answer in time, or a TLS certificate the console does not trust. Each
 * becomes `{errorMessage, detailedError}` naming the server's URL, the cause and what to change.
 */

const dnsCodes = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_NONAME', 'EAI_FAIL']);
const timeoutCodes = new Set([
  'ETIMEDOUT',
  'ESOCKETTIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'ECONNABORTED',
]);
/** OpenSSL's certificate verdicts (as Node names them), and Node's own TLS failures. */
const tlsCodes = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REVOKED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'EPROTO',
]);

interface Failure {
  code: string;
  message: string;
}

/** The first error code in `err` and its causes (fetch wraps the system error in `cause`). */
function failureOf(err: unknown): Failure | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== '') {
      const message = current instanceof Error ? current.message : String(current);
      return { code, message };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const trustFix =
  "If the server's certificate is signed by your own CA, give its PEM bundle with CONSOLE_MINIO_SERVER_CA=/path/to/ca.pem; in a lab only, CONSOLE_MINIO_SERVER_TLS_SKIP_VERIFICATION=on accepts any certificate.";

/** What a TLS failure means, in plain words (not Node's advice about its own flags), and what to change. */
function tlsExplanation(f: Failure): [string, string] {
  switch (f.code) {
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
      return ["the server's certificate is self-signed", trustFix];
    case 'SELF_SIGNED_CERT_IN_CHAIN':
      return ["the server's certificate chain ends in a CA the console does not trust", trustFix];
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
    case 'CERT_UNTRUSTED':
      return ["the server's certificate is signed by a CA the console does not know", trustFix];
    case 'CERT_HAS_EXPIRED':
    case 'CERT_NOT_YET_VALID':
      return [
        "the server's certificate is outside its validity period",
        'Renew the certificate on the server.',
      ];
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return [
        `the server's certificate is not issued for this host name (${f.message})`,
        'Point CONSOLE_MINIO_SERVER at a name the certificate lists, or reissue the certificate.',
      ];
    default:
      return [
        `the TLS handshake failed (${f.message})`,
        'Check that the server speaks HTTPS on this port (else use http://) and that its certificate is valid.',
      ];
  }
}

function isTls(code: string): boolean {
  return tlsCodes.has(code) || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_');
}

/** Whether `err` is a failure to reach the server (no answer from it at all). */
export function isConnectionFailure(err: unknown): boolean {
  const f = failureOf(err);
  if (f === undefined) return false;
  return dnsCodes.has(f.code) || timeoutCodes.has(f.code) || networkCodes.has(f.code) || isTls(f.code);
}

/**
 * The REST error for a connection failure to `url`, or null when `err` is something else (the server
 * answered). `timeoutMs` is quoted in the timeout message.
 */
export function connectionFailureToApiError(
  err: unknown,
  url: string,
  timeoutMs: number,
): ApiHttpError | null {
  const f = failureOf(err);
  if (f === undefined) return null;
  const { host, port, protocol } = new URL(url);
  const shownPort = port || (protocol === 'https:' ? '443' : '80');
  const unreachable = (detail: string): ApiHttpError =>
    new ApiHttpError(502, 'The storage server cannot be reached', detail, { cause: err });
  if (dnsCodes.has(f.code)) {
    return unreachable(
      `${url}: the host name ${new URL(url).hostname} does not resolve (DNS: ${f.code}). Check CONSOLE_MINIO_SERVER.`,
    );
  }
  if (f.code === 'ECONNREFUSED') {
    return unreachable(
      `${url}: connection refused (ECONNREFUSED): nothing accepts connections on ${host.replace(/:\d+$/, '')} port ${shownPort}. Is the server running, and is CONSOLE_MINIO_SERVER right?`,
    );
  }
  if (timeoutCodes.has(f.code)) {
    return new ApiHttpError(
      504,
      'The storage server did not answer in time',
      `${url}: no answer within ${Math.round(timeoutMs / 100) / 10} s (${f.code}: ${f.message}). A firewall may drop the connection, or the server is overloaded; CONSOLE_MINIO_TIMEOUT sets the wait.`,
      { cause: err },
    );
  }
  if (isTls(f.code)) {
    const [why, fix] = tlsExplanation(f);
    return new ApiHttpError(
      502,
      'The TLS connection to the storage server failed',
      `${url}: TLS error ${f.code}: ${why}. ${fix}`,
      { cause: err },
    );
  }
  if (networkCodes.has(f.code)) {
    return unreachable(`${url}: the connection failed (${f.code}: ${f.message}).`);
  }
  return null;
}
