// SPDX-License-Identifier: Apache-2.0
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSignature, parseAuthorization, sha256Hex, signaturesEqual } from '../sigv4.js';
import {
  assumeRole,
  assumeRoleWithLDAPIdentity,
  assumeRoleWithWebIdentity,
  parseStsCredentials,
} from './sts.js';

const OK = `<?xml version="1.0" encoding="UTF-8"?>
<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult><AssumedRoleUser><Arn></Arn><AssumeRoleId></AssumeRoleId></AssumedRoleUser><Credentials><AccessKeyId>Q3AM3UQ867SPQQA43P2F</AccessKeyId><SecretAccessKey>zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG</SecretAccessKey><SessionToken>eyJhbGciOiJIUzUxMiJ9.e30.sig&amp;x</SessionToken><Expiration>2026-11-22T18:00:00Z</Expiration></Credentials></AssumeRoleResult><ResponseMetadata><RequestId>17A</RequestId></ResponseMetadata></AssumeRoleResponse>`;

let server: Server;
const unsigned: Array<{ authorization: string | undefined; form: URLSearchParams; url: string }> = [];
let endpoint = '';
const seen: Array<{
  url: string;
  form: URLSearchParams;
  service: string;
  region: string;
  contentType: string;
}> = [];

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const form0 = new URLSearchParams(body.toString());
    if (form0.get('Action') !== 'AssumeRole') {
      // The identity-provider flavours are unsigned.
      unsigned.push({ authorization: req.headers.authorization, form: form0, url: req.url! });
      if (form0.get('LDAPPassword') === 'wrong' || form0.get('WebIdentityToken') === 'expired') {
        res.statusCode = 400;
        res.end(
          '<ErrorResponse><Error><Type></Type><Code>InvalidParameterValue</Code><Message>bad credentials</Message></Error></ErrorResponse>',
        );
        return;
      }
      res.end(OK.replaceAll('AssumeRoleResult', `${form0.get('Action')}Result`));
      return;
    }
    const auth = parseAuthorization(String(req.headers.authorization))!;
    const good = signaturesEqual(
      computeSignature({
        method: req.method!,
        path: '/',
        query: new URL(req.url!, 'http://x').searchParams,
        headers: req.headers,
        signedHeaders: auth.signedHeaders,
        payloadHash: sha256Hex(body),
        amzDate: String(req.headers['x-amz-date']),
        region: auth.region,
        service: auth.service,
        secretKey: 'alice-secret-1',
      }),
      auth.signature,
    );
    const form = new URLSearchParams(body.toString());
    seen.push({
      url: req.url!,
      form,
      service: auth.service,
      region: auth.region,
      contentType: String(req.headers['content-type']),
    });
    if (!good || form.get('DurationSeconds') === '999') {
      res.statusCode = 403;
      res.end(
        '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type></Type><Code>AccessDenied</Code><Message>Access denied: bad &lt;thing&gt;</Message></Error><RequestId>1</RequestId></ErrorResponse>',
      );
      return;
    }
    res.setHeader('content-type', 'text/xml');
    res.end(OK);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((done) => server.close(done));
});

describe('assumeRole', () => {
  it('posts a signed form (service sts, no query) and parses the credentials', async () => {
    const creds = await assumeRole({
      endpoint,
      accessKey: 'alice',
      secretKey: 'alice-secret-1',
      durationSeconds: 43200,
      policy: { Version: '2012-10-17', Statement: [] },
    });
    expect(creds).toEqual({
      AccessKeyId: 'Q3AM3UQ867SPQQA43P2F',
      SecretAccessKey: 'zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG',
      SessionToken: 'eyJhbGciOiJIUzUxMiJ9.e30.sig&x',
      Expiration: '2026-11-22T18:00:00Z',
    });
    const r = seen.at(-1)!;
    expect(r).toMatchObject({ url: '/', service: 'sts', region: '' });
    expect(r.contentType).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(r.form)).toEqual({
      Action: 'AssumeRole',
      Version: '2011-06-15',
      DurationSeconds: '43200',
      Policy: '{"Version":"2012-10-17","Statement":[]}',
    });
  });

  it('turns an STS ErrorResponse into MadminError', async () => {
    await expect(
      assumeRole({ endpoint, accessKey: 'alice', secretKey: 'wrong-secret-1' }),
    ).rejects.toMatchObject({ code: 'AccessDenied', status: 403, message: 'Access denied: bad <thing>' });
  });

  it('sends through the fetch it is given', async () => {
    const sent: string[] = [];
    const counting: typeof fetch = (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    };
    const creds = await assumeRole({
      endpoint,
      accessKey: 'alice',
      secretKey: 'alice-secret-1',
      fetch: counting,
    });
    expect(creds.AccessKeyId).toBe('Q3AM3UQ867SPQQA43P2F');
    expect(sent).toEqual([`${endpoint}/`]);
  });

  it('validates inputs before sending', async () => {
    const base = { endpoint, accessKey: 'alice', secretKey: 'alice-secret-1' };
    await expect(assumeRole({ ...base, durationSeconds: 899 })).rejects.toThrow(RangeError);
    await expect(assumeRole({ ...base, durationSeconds: 31536001 })).rejects.toThrow(RangeError);
    await expect(assumeRole({ ...base, policy: 'x'.repeat(2049) })).rejects.toThrow(RangeError);
  });

  it('rejects an answer without credentials', () => {
    expect(() => parseStsCredentials('<AssumeRoleResponse></AssumeRoleResponse>')).toThrow(/no credentials/);
  });
});

describe('identity-provider flavours', () => {
  it('AssumeRoleWithWebIdentity posts the token unsigned', async () => {
    const creds = await assumeRoleWithWebIdentity({
      endpoint,
      webIdentityToken: 'id.token.jwt',
      roleArn: 'arn:minio:iam:::role/abc',
      durationSeconds: 900,
    });
    expect(creds.AccessKeyId).toBe('Q3AM3UQ867SPQQA43P2F');
    const r = unsigned.at(-1)!;
    expect(r.authorization).toBeUndefined();
    expect(r.url).toBe('/');
    expect(Object.fromEntries(r.form)).toEqual({
      Action: 'AssumeRoleWithWebIdentity',
      Version: '2011-06-15',
      DurationSeconds: '900',
      WebIdentityToken: 'id.token.jwt',
      RoleArn: 'arn:minio:iam:::role/abc',
    });
  });

  it('AssumeRoleWithLDAPIdentity posts the LDAP credentials and maps errors', async () => {
    const creds = await assumeRoleWithLDAPIdentity({
      endpoint,
      ldapUsername: 'alice',
      ldapPassword: 'p&ss=1',
    });
    expect(creds.SessionToken).toBe('eyJhbGciOiJIUzUxMiJ9.e30.sig&x');
    expect(Object.fromEntries(unsigned.at(-1)!.form)).toEqual({
      Action: 'AssumeRoleWithLDAPIdentity',
      Version: '2011-06-15',
      LDAPUsername: 'alice',
      LDAPPassword: 'p&ss=1',
    });
    await expect(
      assumeRoleWithLDAPIdentity({ endpoint, ldapUsername: 'alice', ldapPassword: 'wrong' }),
    ).rejects.toMatchObject({ code: 'InvalidParameterValue', status: 400 });
    await expect(
      assumeRoleWithLDAPIdentity({ endpoint, ldapUsername: '', ldapPassword: 'x' }),
    ).rejects.toThrow(TypeError);
    await expect(assumeRoleWithWebIdentity({ endpoint: 'ftp://x', webIdentityToken: 't' })).rejects.toThrow(
      /http/,
    );
  });
});
