// SPDX-License-Identifier: Apache-2.0
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { generatePrometheusToken } from '@stowage/madmin';
import { testService } from '../../test-services/index.js';
import { addScrapeJob, type PrometheusInfo, waitForSeries } from '../../test-services/services/prometheus.js';
import { E2E } from '../support/env.js';
import { signIn } from '../support/login.js';
import { startOwnConsole } from '../support/own-console.js';
import { snap } from '../support/screenshots.js';

// Spec 2 "Dashboard" with a Prometheus server: Debian's Prometheus scrapes the journey's own store with the
// token `mc admin prometheus generate` makes; after some S3 traffic every tab shows non-empty series.
const job = `e2e-dashboard-${process.pid}`;

/** A widget card that has finished loading with at least one non-null point. */
async function expectPlotted(card: Locator): Promise<void> {
  await expect(card).toBeVisible();
  await expect
    .poll(async () => Number(await card.getAttribute('data-points')), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(card).not.toContainText('could not be retrieved');
}

async function sync(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sync' }).click();
}

test('the widget dashboard shows series from Prometheus on Summary, Traffic and Resources', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const prom = await testService<PrometheusInfo>('prometheus');
  const own = await startOwnConsole(4, { prometheus: { url: prom.url, jobId: job } });
  let context: BrowserContext | undefined;
  try {
    await addScrapeJob(prom, {
      jobName: job,
      target: new URL(own.store.url).host,
      metricsPath: '/minio/v2/metrics/cluster',
      bearerToken: generatePrometheusToken({ accessKey: E2E.rootUser, secretKey: E2E.rootPassword }),
    });
    // Two rounds of traffic with a scrape between them, so the request rates are above zero.
    await own.s3.makeBucket('metrics-photos');
    await own.s3.putObject('metrics-photos', 'small.txt', Buffer.from('a small object'));
    await own.s3.putObject('metrics-photos', 'medium.bin', Buffer.alloc(3 * 1024 * 1024, 5));
    await own.s3.statObject('metrics-photos', 'missing.txt').catch(() => undefined);
    await waitForSeries(prom, `minio_s3_requests_total{job="${job}",api="PutObject"}`);
    await (await own.s3.getObject('metrics-photos', 'medium.bin')).toArray();
    await own.s3.putObject('metrics-photos', 'second.txt', Buffer.from('second round'));
    await waitForSeries(prom, `rate(minio_s3_requests_total{job="${job}"}[1m]) > 0`);
    // The widgets' points are 10 s apart and the last one can be up to a step before now: wait until the
    // series reach back further than that, so a fresh Prometheus has a value at every recent point.
    await waitForSeries(prom, `minio_cluster_disk_online_total{job="${job}"} offset 20s`);

    context = await browser.newContext({ baseURL: own.url, timezoneId: 'UTC' });
    const page = await context.newPage();
    await signIn(page, E2E.rootUser, E2E.rootPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    const card = (name: string) => page.getByRole('region', { name, exact: true });
    // The last ten minutes (an End Time past now ends the range now): one point every 10 s.
    const minute = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    await page.getByLabel('Start Time').fill(minute(Date.now() - 10 * 60_000));
    await page.getByLabel('End Time').fill(minute(Date.now() + 2 * 60_000));

    // Summary: figures, the capacity pie, the size bars and the usage graph.
    await expect(page.getByRole('tab', { name: 'Summary' })).toHaveAttribute('aria-selected', 'true');
    await expectPlotted(card('Drives'));
    await expect(card('Drives')).toContainText('Online4');
    await expectPlotted(card('Uptime'));
    await expectPlotted(card('Usable Capacity'));
    await expect(card('Usable Capacity').getByRole('img', { name: 'Pie chart' })).toBeVisible();
    // The scanner counts the objects within its first cycle; Sync reloads the widgets until it has.
    await expect
      .poll(
        async () => {
          await sync(page);
          await expectPlotted(card('Number of Objects'));
          return card('Number of Objects').innerText();
        },
        { timeout: 60_000 },
      )
      .toContain('3');
    await expectPlotted(card('Object Size Distribution'));
    await expect(
      card('Object Size Distribution').getByRole('listitem', { name: /^1 MB - 10 MB: 1$/ }),
    ).toBeVisible();
    await expectPlotted(card('Data Usage Growth'));
    await expect(card('Data Usage Growth').locator('canvas')).toBeVisible();
    await snap(page, 'metrics-dashboard-summary-light');

    // Traffic: request rates per API and the traffic totals.
    await page.getByRole('tab', { name: 'Traffic' }).click();
    await expectPlotted(card('S3 API Request Rate'));
    await expect(card('S3 API Request Rate')).toContainText('PutObject');
    await expectPlotted(card('S3 Traffic'));
    await expectPlotted(card('Total S3 Traffic Inbound'));
    await expectPlotted(card('S3 API Request Error Rate'));
    await expect(card('S3 API Request Error Rate')).toContainText('HeadObject');
    await snap(page, 'metrics-dashboard-traffic-light');

    // Resources: the process and the drives.
    await page.getByRole('tab', { name: 'Resources' }).click();
    for (const title of [
      'CPU Usage',
      'Memory Usage',
      'Open File Descriptors',
      'IO',
      'Drive Used Capacity',
      'Drive Free Inodes',
    ]) {
      await expectPlotted(card(title));
    }
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    await snap(page, 'metrics-dashboard-resources-dark');

    // /metrics: the same dashboard without the side menu.
    await page.goto('/metrics');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expectPlotted(card('Drives'));
    await snap(page, 'metrics-full-screen-dark');
  } finally {
    await context?.close();
    await own.close();
  }
});
