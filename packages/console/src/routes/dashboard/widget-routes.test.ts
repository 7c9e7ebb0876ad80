// SPDX-License-Identifier: Apache-2.0
import {
  adminInfoResponseSchema,
  apiErrorSchema,
  type WidgetDataResponse,
  widgetDataResponseSchema,
  widgetTypeSchema,
} from '@stowage/contracts';
import { generatePrometheusToken } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testService } from '../../../../../test-services/index.js';
import {
  addScrapeJob,
  type PrometheusInfo,
  waitForSeries,
} from '../../../../../test-services/services/prometheus.js';
import { type ConsoleHarness, jsonCaller, startConsoleHarness } from '../../testing/console-harness.js';
import { WIDGET_ERROR } from './get-widget.js';
import { widgetRange } from './prometheus-query.js';
import { SIZE_BANDS } from './widgets.js';

// The widget dashboard's API (spec 2 §2, §7) against Debian's Prometheus scraping the embedded store.
const job = `console-widgets-${process.pid}`;
let h: ConsoleHarness;
let prom: PrometheusInfo;
let call: ReturnType<typeof jsonCaller>;

beforeAll(async () => {
  prom = await testService<PrometheusInfo>('prometheus');
  h = await startConsoleHarness({ app: { prometheus: { url: prom.url, jobId: job } } });
  await addScrapeJob(prom, {
    jobName: job,
    target: new URL(h.store.url).host,
    metricsPath: '/minio/v2/metrics/cluster',
    bearerToken: generatePrometheusToken({ accessKey: h.rootUser, secretKey: h.rootPassword }),
  });
  // Traffic after the first scrape (addScrapeJob waits for it), so the request counters rise between samples.
  await h.s3.makeBucket('charts');
  await h.s3.putObject('charts', 'a.txt', Buffer.from('plotted'));
  await h.s3.putObject('charts', 'big.bin', Buffer.alloc(2 * 1024 * 1024, 1));
  await h.admin.dataUsageInfo();
  await waitForSeries(prom, `minio_cluster_usage_object_total{job="${job}"} == 2`);
  // A second round once the first is scraped: the counter series exists, then rises.
  await (await h.s3.getObject('charts', 'a.txt')).toArray();
  await h.s3.putObject('charts', 'a.txt', Buffer.from('plotted'));
  await waitForSeries(prom, `rate(minio_s3_requests_total{job="${job}"}[1m]) > 0`);
  // The widgets' points are 5 s apart and the last can be up to a step before now: wait until the rate is
  // above zero 10 s back too, so it holds at every point the widget reads.
  await waitForSeries(prom, `rate(minio_s3_requests_total{job="${job}"}[1m] offset 10s) > 0`);
  call = jsonCaller(h.app, await h.login());
});

afterAll(async () => {
  await h?.close();
});

async function widget(title: string): Promise<WidgetDataResponse> {
  const info = adminInfoResponseSchema.parse((await call('GET', '/api/v1/admin/info')).body);
  const w = info.widgets?.find((x) => x.title === title);
  if (!w) throw new Error(`no widget ${title}`);
  const end = Math.floor(Date.now() / 1000);
  const res = await call('GET', `/api/v1/admin/info/widgets/${w.id}?start=${end - 300}&end=${end}`);
  expect(res.status).toBe(200);
  return widgetDataResponseSchema.parse(res.body);
}

const lastValue = (w: WidgetDataResponse, label: string): number | null | undefined =>
  w.series
    .find((s) => s.label === label)
    ?.points.map((p) => p[1])
    .filter((v) => v !== null)
    .at(-1);

describe('dashboard widgets', () => {
  it('lists every predefined widget, of all seven types, on three tabs', async () => {
    const info = adminInfoResponseSchema.parse((await call('GET', '/api/v1/admin/info')).body);
    const widgets = info.widgets ?? [];
    expect(new Set(widgets.map((w) => w.type))).toEqual(new Set(widgetTypeSchema.options));
    expect(new Set(widgets.map((w) => w.tab))).toEqual(new Set(['summary', 'traffic', 'resources']));
    expect(info.buckets).toBe(1);
  });

  it('reads counts, the size distribution and request rates from Prometheus', async () => {
    expect(lastValue(await widget('Number of Objects'), 'Objects')).toBe(2);
    const sizes = await widget('Object Size Distribution');
    expect(sizes.series.map((s) => s.label)).toEqual(Object.values(SIZE_BANDS));
    expect(sizes.series.map((s) => lastValue(sizes, s.label))).toEqual([1, 0, 1, 0, 0, 0, 0]);
    const drives = await widget('Drives');
    expect(lastValue(drives, 'Online')).toBe(4);
    expect(lastValue(drives, 'Offline')).toBe(0);
    const rate = await widget('S3 API Request Rate');
    expect(rate.series.map((s) => s.label)).toContain('PutObject');
    expect(rate.step).toBe(5);
    for (const s of rate.series) expect(s.points).toHaveLength(61);
  });

  it('explains a Prometheus that cannot be reached with the spec text', async () => {
    const down = await startConsoleHarness({
      app: { prometheus: { url: 'http://127.0.0.1:9', jobId: job } },
    });
    try {
      const c = jsonCaller(down.app, await down.login());
      const res = await c('GET', '/api/v1/admin/info/widgets/1');
      expect(res.status).toBe(502);
      const body = apiErrorSchema.parse(res.body);
      expect(body.errorMessage).toBe(WIDGET_ERROR);
      expect(body.detailedError).toContain('127.0.0.1:9');
    } finally {
      await down.close();
    }
  });

  it('defaults to the last hour at a 60 s step, the latest point filled', async () => {
    const info = adminInfoResponseSchema.parse((await call('GET', '/api/v1/admin/info')).body);
    const uptime = info.widgets?.find((w) => w.title === 'Uptime');
    const res = await call('GET', `/api/v1/admin/info/widgets/${uptime?.id}`);
    const data = widgetDataResponseSchema.parse(res.body);
    expect(data.end - data.start).toBe(3600);
    expect(data.step).toBe(60);
    expect(lastValue(data, 'Uptime')).toBeGreaterThan(0);
  });

  it('rejects an end before the start and an unknown widget', async () => {
    expect((await call('GET', '/api/v1/admin/info/widgets/1?start=200&end=100')).status).toBe(400);
    expect((await call('GET', '/api/v1/admin/info/widgets/999')).status).toBe(404);
  });
});

describe('widget step rule (spec 2 §9)', () => {
  it('is the range in minutes, 15 under a minute, the caller’s when given', () => {
    expect(widgetRange({ start: 0, end: 3600 })).toEqual({ start: 0, end: 3600, step: 60 });
    expect(widgetRange({ start: 0, end: 30 })).toEqual({ start: 0, end: 30, step: 15 });
    expect(widgetRange({ start: 0, end: 600, step: 7 }).step).toBe(7);
    expect(widgetRange({}, 10_000)).toEqual({ start: 6400, end: 10_000, step: 60 });
  });
});
