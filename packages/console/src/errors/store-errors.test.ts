// SPDX-License-Identifier: Apache-2.0
import { MadminError } from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { storeErrorToApiError } from './store-errors.js';

const madmin = (code: string, status: number): MadminError =>
  new MadminError({ code, message: `${code} from the store`, status });

describe('storeErrorToApiError', () => {
  it('maps by error code, keeping the store message as the detail', () => {
    const cases: Array<[string, number, number]> = [
      ['AccessDenied', 403, 403],
      ['XMinioIAMActionNotAllowed', 403, 403],
      ['InvalidAccessKeyId', 403, 401],
      ['ExpiredToken', 400, 401],
      ['NoSuchBucket', 404, 404],
      ['XMinioAdminNoSuchUser', 404, 404],
      ['BucketNotEmpty', 409, 409],
      ['XMinioMalformedIAMPolicy', 400, 400],
      ['SlowDownRead', 503, 502],
      ['NotImplemented', 501, 501],
      ['MethodNotAllowed', 405, 501],
      // Site replication: a peer's refusal keeps the store's message (which names the peer).
      ['XMinioSiteReplicationPeerResp', 400, 400],
      ['XMinioSiteReplicationBackendIssue', 503, 502],
      ['XMinioAdminVersionMismatch', 426, 501],
    ];
    for (const [code, storeStatus, status] of cases) {
      const mapped = storeErrorToApiError(madmin(code, storeStatus));
      expect(mapped?.statusCode, code).toBe(status);
      expect(mapped?.detailedError).toContain(`${code} from the store`);
    }
  });

  it('names the code when the server sent no message (Ceph RGW answers so)', () => {
    const bare = storeErrorToApiError(new MadminError({ code: 'NoSuchBucket', message: '', status: 404 }));
    expect(bare?.toBody()).toEqual({
      errorMessage: 'The specified bucket does not exist',
      detailedError: 'The storage server answered NoSuchBucket without further detail.',
    });
  });

  it("names a quota in words (Ceph RGW's QuotaExceeded has no message), and keeps another refusal's status", () => {
    // The minio SDK's S3 errors carry the code without the HTTP status.
    const quota = storeErrorToApiError(Object.assign(new Error(''), { code: 'QuotaExceeded' }));
    expect(quota?.statusCode).toBe(403);
    expect(quota?.toBody()).toEqual({
      errorMessage: 'Quota exceeded',
      detailedError: 'The storage server answered QuotaExceeded without further detail.',
    });
    const other = storeErrorToApiError(new MadminError({ code: 'SomeRefusal', message: 'no', status: 409 }));
    expect(other?.toBody()).toEqual({ errorMessage: 'SomeRefusal', detailedError: 'no' });
  });

  it('ignores the message text: the same message with another code maps differently', () => {
    const a = new MadminError({
      code: 'AccessDenied',
      message: 'The specified bucket does not exist',
      status: 403,
    });
    expect(storeErrorToApiError(a)?.statusCode).toBe(403);
  });

  it('treats refused connections as an unreachable store and leaves programming errors alone', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(storeErrorToApiError(refused)?.statusCode).toBe(503);
    expect(storeErrorToApiError(new TypeError('x is not a function'))).toBeNull();
    expect(
      storeErrorToApiError(Object.assign(new Error('bad arg'), { code: 'ERR_INVALID_ARG_TYPE' })),
    ).toBeNull();
  });
});
