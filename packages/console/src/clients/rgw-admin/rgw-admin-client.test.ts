// SPDX-License-Identifier: Apache-2.0
import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorCode, RgwAdminClient, RgwAdminError } from './rgw-admin-client.js';
import { rgwRequests, rgwRequestUrl } from './rgw-requests.js';

const endpoint = 'http://127.0.0.1:7480';
const url = (req: Parameters<typeof rgwRequestUrl>[1]) => rgwRequestUrl(endpoint, req).href;

describe('RGW Admin Ops requests', () => {
  it('builds the bucket, subuser, caps and usage calls (issue 36, second part)', () => {
    const pairs = (req: Parameters<typeof rgwRequestUrl>[1]) => [req.method, url(req)];
    expect(pairs(rgwRequests.allBucketStats())).toEqual([
      'GET',
      `${endpoint}/admin/bucket?stats=true&format=json`,
    ]);
    expect(pairs(rgwRequests.linkBucket('b1', 'bob'))).toEqual([
      'PUT',
      `${endpoint}/admin/bucket?bucket=b1&uid=bob&format=json`,
    ]);
    expect(pairs(rgwRequests.unlinkBucket('b1', 'bob'))[0]).toBe('POST');
    expect(url(rgwRequests.checkBucketIndex('b1', true))).toBe(
      `${endpoint}/admin/bucket?index&bucket=b1&check-objects=false&fix=true&format=json`,
    );
    expect(pairs(rgwRequests.createSubuser('bob', 'bob:swift', 'read'))).toEqual([
      'PUT',
      `${endpoint}/admin/user?uid=bob&subuser=bob%3Aswift&access=read&key-type=swift&generate-secret=true&format=json`,
    ]);
    expect(pairs(rgwRequests.removeSubuser('bob', 'bob:swift'))).toEqual([
      'DELETE',
      `${endpoint}/admin/user?uid=bob&subuser=bob%3Aswift&purge-keys=true&format=json`,
    ]);
    expect(pairs(rgwRequests.changeCaps('bob', 'usage=read', false))).toEqual([
      'PUT',
      `${endpoint}/admin/user?caps&uid=bob&user-caps=usage%3Dread&format=json`,
    ]);
    expect(rgwRequests.changeCaps('bob', 'usage=*', true).method).toBe('DELETE');
    expect(url(rgwRequests.usage({ uid: 'bob', start: '2026-12-01' }))).toBe(
      `${endpoint}/admin/usage?uid=bob&start=2026-12-01&show-entries=false&show-summary=true&format=json`,
    );
  });

  it('builds the Swift key and linked-bucket calls (issue 36, third part)', () => {
    const pairs = (req: Parameters<typeof rgwRequestUrl>[1]) => [req.method, url(req)];
    expect(pairs(rgwRequests.createSwiftKey('bob', 'bob:swift'))).toEqual([
      'PUT',
      `${endpoint}/admin/user?key&uid=bob&subuser=bob%3Aswift&key-type=swift&generate-key=true&format=json`,
    ]);
    // A given secret is sent instead of asking RGW to generate one.
    expect(url(rgwRequests.createSwiftKey('bob', 'bob:swift', 'chosen-secret'))).toBe(
      `${endpoint}/admin/user?key&uid=bob&subuser=bob%3Aswift&key-type=swift&secret-key=chosen-secret&format=json`,
    );
    expect(pairs(rgwRequests.removeSwiftKey('bob', 'bob:swift'))).toEqual([
      'DELETE',
      `${endpoint}/admin/user?key&uid=bob&subuser=bob%3Aswift&key-type=swift&format=json`,
    ]);
    expect(pairs(rgwRequests.userBuckets('bob'))).toEqual([
      'GET',
      `${endpoint}/admin/bucket?uid=bob&format=json`,
    ]);
  });

  it('builds the user calls with the Admin Ops parameter names', () => {
    expect(url(rgwRequests.getUser('alice'))).toBe(`${endpoint}/admin/user?uid=alice&format=json`);
    const create = rgwRequests.createUser({
      uid: 'alice',
      displayName: 'Alice A',
      email: 'a@x.org',
      maxBuckets: 5,
    });
    expect(create.method).toBe('PUT');
    expect(url(create)).toBe(
      `${endpoint}/admin/user?uid=alice&display-name=Alice%20A&email=a%40x.org&max-buckets=5&key-type=s3&generate-key=true&format=json`,
    );
    // Only the fields given are sent, so a modify never resets what it does not name.
    expect(url(rgwRequests.modifyUser({ uid: 'alice', suspended: true }))).toBe(
      `${endpoint}/admin/user?uid=alice&suspended=true&format=json`,
    );
    const remove = rgwRequests.removeUser('alice', true);
    expect([remove.method, url(remove)]).toEqual([
      'DELETE',
      `${endpoint}/admin/user?uid=alice&purge-data=true&format=json`,
    ]);
    expect(url(rgwRequests.listUsers())).toBe(`${endpoint}/admin/metadata/user?format=json`);
  });

  it('sends the key and quota sub-resources as bare flags', () => {
    expect(url(rgwRequests.createKey({ uid: 'alice' }))).toBe(
      `${endpoint}/admin/user?key&uid=alice&key-type=s3&generate-key=true&format=json`,
    );
    expect(url(rgwRequests.createKey({ uid: 'alice', accessKey: 'AK1', secretKey: 'secret-1' }))).toBe(
      `${endpoint}/admin/user?key&uid=alice&key-type=s3&access-key=AK1&secret-key=secret-1&generate-key=false&format=json`,
    );
    const removeKey = rgwRequests.removeKey('alice', 'AK1');
    expect([removeKey.method, url(removeKey)]).toEqual([
      'DELETE',
      `${endpoint}/admin/user?key&uid=alice&key-type=s3&access-key=AK1&format=json`,
    ]);
    const quota = rgwRequests.setUserQuota('alice', 'bucket', {
      enabled: true,
      maxSizeBytes: -1,
      maxObjects: 2,
    });
    expect([quota.method, url(quota)]).toEqual([
      'PUT',
      `${endpoint}/admin/user?quota&uid=alice&quota-type=bucket&max-size=-1&max-objects=2&enabled=true&format=json`,
    ]);
    expect(url(rgwRequests.bucketStats('photos'))).toBe(
      `${endpoint}/admin/bucket?bucket=photos&stats=true&format=json`,
    );
  });
});

/** SigV4 by the AWS specification, written out here so the client's signer is checked independently. */
function expectedSignature(headers: Record<string, string>, canonicalQuery: string): string {
  const date = headers['x-amz-date'] ?? '';
  const emptyHash = createHash('sha256').update('').digest('hex');
  const canonical = [
    'DELETE',
    '/admin/user',
    canonicalQuery,
    'host:127.0.0.1:7480',
    `x-amz-content-sha256:${emptyHash}`,
    `x-amz-date:${date}`,
    '',
    'host;x-amz-content-sha256;x-amz-date',
    emptyHash,
  ].join('\n');
  const scope = `${date.slice(0, 8)}/us-east-1/s3/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', date, scope, createHash('sha256').update(canonical).digest('hex')].join(
    '\n',
  );
  let key: Buffer = createHmac('sha256', 'AWS4rgw-secret').update(date.slice(0, 8)).digest();
  for (const part of ['us-east-1', 's3', 'aws4_request'])
    key = createHmac('sha256', key).update(part).digest();
  return createHmac('sha256', key).update(toSign).digest('hex');
}

describe('RgwAdminClient', () => {
  function clientAnswering(status: number, body: string) {
    const sent: { url: string; method: string; headers: Record<string, string> }[] = [];
    const fakeFetch = (async (input: URL, init: RequestInit) => {
      sent.push({
        url: String(input),
        method: String(init.method),
        headers: init.headers as Record<string, string>,
      });
      return new Response(body, { status });
    }) as typeof fetch;
    const client = new RgwAdminClient({
      endpoint,
      accessKey: 'RGWADMINKEY',
      secretKey: 'rgw-secret',
      region: 'us-east-1',
      fetch: fakeFetch,
    });
    return { client, sent };
  }

  it('signs with SigV4 (service s3), a bare flag canonicalised as `key=`', async () => {
    const { client, sent } = clientAnswering(200, '');
    await client.removeKey('alice', 'AK1');
    const [req] = sent;
    expect(req?.method).toBe('DELETE');
    const headers = req?.headers ?? {};
    const date = headers['x-amz-date'] ?? '';
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=RGWADMINKEY/${date.slice(0, 8)}/us-east-1/s3/aws4_request, ` +
        `SignedHeaders=host;x-amz-content-sha256;x-amz-date, ` +
        `Signature=${expectedSignature(headers, 'access-key=AK1&format=json&key=&key-type=s3&uid=alice')}`,
    );
  });

  it("rejects with RGW's status and error code", async () => {
    const { client } = clientAnswering(404, '{"Code":"NoSuchUser","RequestId":"tx1","HostId":"h"}');
    const failure = await client.getUser('nobody').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RgwAdminError);
    expect(failure).toMatchObject({ status: 404, code: 'NoSuchUser', fromAdminOps: true });
  });

  it("tells RGW's JSON refusal from an S3 server's XML one", async () => {
    const xml = '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message/></Error>';
    const failure = await clientAnswering(403, xml)
      .client.getUser('me')
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 403, code: 'AccessDenied', fromAdminOps: false });
  });

  it('reads error codes from JSON and from S3 XML bodies', () => {
    expect(errorCode('{"Code":"AccessDenied"}')).toBe('AccessDenied');
    expect(errorCode('<?xml version="1.0"?><Error><Code>SignatureDoesNotMatch</Code></Error>')).toBe(
      'SignatureDoesNotMatch',
    );
    expect(errorCode('')).toBe('');
  });

  it('parses the user document into its typed form', async () => {
    const doc = {
      user_id: 'alice',
      display_name: 'Alice',
      email: '',
      suspended: 1,
      max_buckets: 5,
      keys: [{ user: 'alice', access_key: 'AK1', secret_key: 'SK1' }],
      caps: [{ type: 'users', perm: 'read' }],
      user_quota: { enabled: true, check_on_raw: false, max_size: 1024, max_size_kb: 1, max_objects: -1 },
    };
    const { client } = clientAnswering(200, JSON.stringify(doc));
    expect(await client.getUser('alice')).toMatchObject({
      user_id: 'alice',
      suspended: 1,
      keys: [{ access_key: 'AK1' }],
      user_quota: { enabled: true, max_size: 1024, max_objects: -1 },
    });
  });
});
