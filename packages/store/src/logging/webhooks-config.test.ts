// SPDX-License-Identifier: Apache-2.0
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminHarness, ROOT } from '../admin/testing/harness.js';
import type { TraceEvent } from '../events/trace-events.js';
import { WebhookReceiver, waitFor } from './testing/webhook-receiver.js';

// Webhook targets saved through the real configuration service (stored on the drives): they take effect
// at once (dynamic sets), bad values are refused with the key named, and admin server info shows them.

let h: AdminHarness;
const rx = new WebhookReceiver();

beforeAll(async () => {
  h = await AdminHarness.open(4);
  await rx.start();
});
afterAll(async () => {
  await h?.close();
  await rx.stop();
});

function finished(requestId: string): TraceEvent {
  return {
    time: new Date(),
    api: 'admin',
    funcName: 'admin.info',
    method: 'GET',
    path: '/minio/admin/v3/info',
    rawQuery: '',
    requestHeaders: {},
    responseHeaders: {},
    statusCode: 200,
    clientIp: '127.0.0.1',
    durationNs: 10,
    inputBytes: 0,
    outputBytes: 2,
    requestId,
    accessKey: ROOT.accessKey,
    parentUser: '',
    bucket: '',
    object: '',
    host: '',
    userAgent: '',
  };
}

describe('webhook config sets', () => {
  it('lists both sets with MinIO keys and defaults, all applied without a restart', () => {
    const logger = h.ctx.config.sets.find((s) => s.subSys === 'logger_webhook')!;
    const audit = h.ctx.config.sets.find((s) => s.subSys === 'audit_webhook')!;
    expect(logger.apply).toBe('dynamic');
    expect(audit.multipleTargets).toBe(true);
    expect(logger.keys.map((k) => [k.key, k.default])).toEqual([
      ['enable', 'off'],
      ['endpoint', ''],
      ['auth_token', ''],
      ['client_cert', ''],
      ['client_key', ''],
      ['proxy', ''],
      ['batch_size', '1'],
      ['queue_size', '100000'],
      ['queue_dir', ''],
      ['retry_interval', '3s'],
      ['http_timeout', '5s'],
    ]);
    expect(audit.keys.map((k) => k.key)).not.toContain('proxy');
    expect(audit.keys.find((k) => k.key === 'auth_token')?.sensitive).toBe(true);
  });

  it('starts a saved target at once, shows it in server info, and stops it when deleted', async () => {
    const saved = await h.ctx.config.set(
      `audit_webhook:dyn enable=on endpoint=${rx.url} retry_interval=50ms`,
    );
    expect(saved.applied).toBe(true);
    await h.webhooks.settled();
    await waitFor(() => h.ctx.webhooks.statuses()[0]?.online === true, 'the target online');
    const info = await h.admin(ROOT.accessKey, 'GET', '/info');
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({ services: { audit: [{ 'audit-dyn': { status: 'online' } }] } });

    h.ctx.trace.emit('request', finished('DYN1'));
    await waitFor(() => rx.records.some((r) => r.requestID === 'DYN1'), 'the audit record');

    await h.ctx.config.del('audit_webhook:dyn');
    await h.webhooks.settled();
    expect(h.ctx.webhooks.statuses()).toEqual([]);
    const after = await h.admin(ROOT.accessKey, 'GET', '/info');
    expect((after.json as { services: Record<string, unknown> }).services.audit).toBeUndefined();
  });

  it('refuses bad values with the key named, and changes nothing', async () => {
    await expect(
      h.ctx.config.set(`logger_webhook:bad enable=on endpoint=${rx.url} batch_size=0`),
    ).rejects.toThrow(/batch_size/);
    await expect(h.ctx.config.set('logger_webhook:bad enable=on endpoint=ftp://example.com')).rejects.toThrow(
      /endpoint/,
    );
    await expect(h.ctx.config.set('logger_webhook:bad enable=on')).rejects.toThrow(/endpoint/);
    await expect(h.ctx.config.set(`logger_webhook:bad endpoint=${rx.url} http_timeout=10ms`)).rejects.toThrow(
      /http_timeout/,
    );
    await expect(
      h.ctx.config.set(`logger_webhook:bad endpoint=${rx.url} client_cert=/tmp/cert.pem`),
    ).rejects.toThrow(/client_key/);
    await expect(
      h.ctx.config.set(
        `logger_webhook:bad endpoint=${rx.url} client_cert=/nonexistent/cert.pem client_key=/nonexistent/key.pem`,
      ),
    ).rejects.toThrow(/client_cert.*ENOENT/);
    expect(h.ctx.config.targets('logger_webhook').map((t) => t.target)).not.toContain('bad');
    expect(h.ctx.webhooks.statuses()).toEqual([]);
  });
});
