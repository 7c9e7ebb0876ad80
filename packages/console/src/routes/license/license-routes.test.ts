// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  aboutResponseSchema,
  apiErrorSchema,
  licenseResponseSchema,
  serverLicenseResponseSchema,
} from '@stowage/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';
import { type S3rverHarness, startS3rverHarness } from '../../testing/s3rver-harness.js';
import { dateOnly, toSubscription } from './get-server-license.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
// Written by `node scripts/build.mjs` (scripts/notices.mjs), which the test run builds first.
const licensesFile = path.join(root, 'packages/console/dist/licenses.json');

// The License page's routes (issue 40) against the embedded store and against s3rver.
describe('license routes on the embedded store', () => {
  let h: ConsoleHarness;
  beforeAll(async () => {
    h = await startConsoleHarness({ drives: 4, app: { version: rootPackage.version, licensesFile } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('about names the product, the version of the root package.json and Apache-2.0', async () => {
    const call = jsonCaller(h.app, await h.login());
    const res = await call('GET', '/api/v1/about');
    expect(res.status).toBe(200);
    expect(aboutResponseSchema.parse(res.body)).toEqual({
      product: 'Stowage',
      version: rootPackage.version,
      license: 'Apache-2.0',
    });
  });

  it('gives the full Apache-2.0 text and the notices of what ships, each with its licence text', async () => {
    const call = jsonCaller(h.app, await h.login());
    const res = await call('GET', '/api/v1/license');
    expect(res.status).toBe(200);
    const body = licenseResponseSchema.parse(res.body);
    expect(body.license.id).toBe('Apache-2.0');
    expect(body.license.text).toBe(readFileSync(path.join(root, 'LICENSE'), 'utf8'));
    const fastify = body.notices.find((n) => n.name === 'fastify');
    expect(fastify?.license).toBe('MIT');
    expect(fastify?.text).toMatch(/Permission is hereby granted/);
    expect(body.notices.some((n) => n.name === 'react')).toBe(true); // the web bundle's too
    expect(body.notices.some((n) => n.name.startsWith('@stowage/'))).toBe(false);
  });

  it('reports the embedded store as Stowage under Apache-2.0, with the store’s version from admin info', async () => {
    const call = jsonCaller(h.app, await h.login());
    const res = await call('GET', '/api/v1/license/server');
    expect(res.status).toBe(200);
    const body = serverLicenseResponseSchema.parse(res.body);
    expect(body).toMatchObject({ kind: 'stowage', version: rootPackage.version, license: 'Apache-2.0' });
    expect(body.subscription).toBeUndefined();
  });

  it('answers 401 without a session', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v1/license' });
    expect(res.statusCode).toBe(401);
    expect(apiErrorSchema.parse(res.json()).detailedError).not.toBe('');
  });

  it('says where the notices come from when the console has no notices file', async () => {
    const bare = await startConsoleHarness({ drives: 1 });
    try {
      const res = await jsonCaller(bare.app, await bare.login())('GET', '/api/v1/license');
      expect(res.status).toBe(404);
      expect(apiErrorSchema.parse(res.body).detailedError).toMatch(/scripts\/build\.mjs/);
    } finally {
      await bare.close();
    }
  });
});

describe('license routes on a server without MinIO’s admin API (s3rver)', () => {
  let s: S3rverHarness;
  beforeAll(async () => {
    s = await startS3rverHarness();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('says the server reports no licence', async () => {
    const res = await jsonCaller(s.app, await s.login())('GET', '/api/v1/license/server');
    expect(res.status).toBe(200);
    expect(serverLicenseResponseSchema.parse(res.body)).toEqual({
      kind: 'unknown',
      detail: 'This server does not provide MinIO’s admin API, so it reports no licence.',
    });
  });
});

describe('a MinIO subscription as the page shows it', () => {
  const info = {
    ID: 'lic-1',
    Organization: 'Example Corp',
    Plan: 'ENTERPRISE',
    IssuedAt: '2026-01-15T10:00:00Z',
    ExpiresAt: '2027-01-15T10:00:00Z',
    Trial: false,
    APIKey: 'secret-api-key',
  };

  it('keeps the dates as YYYY-MM-DD and leaves the SUBNET API key out', () => {
    const sub = toSubscription(info, new Date('2026-06-01T00:00:00Z'));
    expect(sub).toEqual({
      id: 'lic-1',
      organization: 'Example Corp',
      plan: 'ENTERPRISE',
      issuedAt: '2026-01-15',
      expiresAt: '2027-01-15',
      trial: false,
      expired: false,
    });
    expect(JSON.stringify(sub)).not.toContain('secret-api-key');
  });

  it('marks a licence past its expiry, and reads Go’s zero time as no date', () => {
    expect(toSubscription(info, new Date('2027-02-01T00:00:00Z')).expired).toBe(true);
    expect(dateOnly('0001-01-01T00:00:00Z')).toBe('');
    expect(dateOnly('')).toBe('');
  });
});
