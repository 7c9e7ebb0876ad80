// SPDX-License-Identifier: Apache-2.0
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { rootS3 } from '../support/clients.js';

// A web app on another origin talks to the store straight from Chromium: a fetch PUT to a presigned
// URL (a preflighted cross-origin request, allowed or refused by the bucket's CORS rules) and an HTML
// form posting a file with a signed POST policy, redirected back to the app.

let app: Server;
let appOrigin: string;
const s3 = rootS3();
const bucket = `browser-${Date.now()}`;

/** The "web app": an empty page to script, a form page, and the page the form redirects to. */
function appPage(path: string, query: URLSearchParams): string {
  if (path === '/form') {
    const fields = JSON.parse(query.get('fields') ?? '{}') as Record<string, string>;
    const hidden = Object.entries(fields)
      .map(([k, v]) => `<input type="hidden" name="${k}" value="${v.replaceAll('"', '&quot;')}">`)
      .join('\n');
    return `<!doctype html><title>Upload</title><form method="post" enctype="multipart/form-data" action="${query.get('action')}">
${hidden}
<label>File <input type="file" name="file"></label>
<button type="submit">Upload</button></form>`;
  }
  if (path === '/done') {
    return `<!doctype html><title>Done</title><p id="key">${query.get('key')}</p><p id="etag">${query.get('etag')}</p>`;
  }
  return '<!doctype html><title>App</title><p>app</p>';
}

test.beforeAll(async () => {
  app = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(appPage(url.pathname, url.searchParams));
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', () => r()));
  // "localhost" vs the store's "127.0.0.1": another origin, as a deployed web app would be.
  appOrigin = `http://localhost:${(app.address() as AddressInfo).port}`;
  await s3.makeBucket(bucket);
});

test.afterAll(async () => {
  await new Promise((r) => app.close(r));
});

async function setCors(origins: string[]): Promise<void> {
  const rules = origins
    .map(
      (o) =>
        `<CORSRule><AllowedOrigin>${o}</AllowedOrigin><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader></CORSRule>`,
    )
    .join('');
  const url = await s3.presignedUrl('PUT', bucket, '', 600, { cors: '' });
  const res = await fetch(url, { method: 'PUT', body: `<CORSConfiguration>${rules}</CORSConfiguration>` });
  expect(res.status).toBe(200);
}

async function exists(key: string): Promise<boolean> {
  try {
    await s3.statObject(bucket, key);
    return true;
  } catch {
    return false;
  }
}

test('a page on another origin uploads with fetch only when the bucket’s CORS rules allow its origin', async ({
  page,
}) => {
  await page.goto(`${appOrigin}/`);
  const upload = (url: string): Promise<string> =>
    page.evaluate(async (u) => {
      try {
        const r = await fetch(u, {
          method: 'PUT',
          body: 'sent from the browser',
          headers: { 'content-type': 'text/plain', 'x-amz-meta-from': 'browser' },
        });
        return `${r.status} ${r.headers.get('etag') ?? 'no-etag'}`;
      } catch (err) {
        return `blocked: ${(err as Error).name}`;
      }
    }, url);

  // Rules for another origin only: Chromium's preflight is refused and the PUT is never sent.
  await setCors(['http://elsewhere.example.com']);
  const refusedUrl = await s3.presignedPutObject(bucket, 'refused.txt', 600);
  expect(await upload(refusedUrl)).toBe('blocked: TypeError');
  expect(await exists('refused.txt')).toBe(false);

  await setCors([appOrigin]);
  const url = await s3.presignedPutObject(bucket, 'from-browser.txt', 600);
  // The exposed ETag is readable by the page's script.
  expect(await upload(url)).toMatch(/^200 "[0-9a-f]{32}"$/);
  const st = await s3.statObject(bucket, 'from-browser.txt');
  expect(st.size).toBe('sent from the browser'.length);
  expect(st.metaData).toMatchObject({ from: 'browser' });
});

test('an HTML form posts a file with a signed POST policy and is redirected back to the app', async ({
  page,
}) => {
  const policy = s3.newPostPolicy();
  policy.setBucket(bucket);
  policy.setKeyStartsWith('forms/');
  policy.setExpires(new Date(Date.now() + 10 * 60_000));
  policy.setContentLengthRange(1, 1024 * 1024);
  policy.policy.conditions.push(['starts-with', '$success_action_redirect', appOrigin]);
  const signed = (await s3.presignedPostPolicy(policy)) as {
    postURL: string;
    formData: Record<string, string>;
  };
  const fields = {
    ...signed.formData,
    // S3's literal `${filename}` variable (not a template).
    key: `forms/${'$'}{filename}`,
    success_action_redirect: `${appOrigin}/done`,
  };
  const q = new URLSearchParams({ action: signed.postURL, fields: JSON.stringify(fields) });
  await page.goto(`${appOrigin}/form?${q}`);
  await page.getByLabel('File').setInputFiles({
    name: 'report.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('a,b\n1,2\n'),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  await expect(page).toHaveURL(new RegExp(`^${appOrigin}/done\\?`));
  await expect(page.locator('#key')).toHaveText('forms/report.csv');
  const st = await s3.statObject(bucket, 'forms/report.csv');
  await expect(page.locator('#etag')).toHaveText(`"${st.etag}"`);
  expect(st.size).toBe(8);
  expect(st.metaData['content-type']).toBe('text/csv');
});
