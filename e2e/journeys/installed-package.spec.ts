// SPDX-License-Identifier: Apache-2.0
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import * as Minio from 'minio';
import { installedPackage } from '../../scripts/installed-package.mjs';
import { freePort } from '../support/engines/ports.js';
import { snap, snapBoth } from '../support/screenshots.js';

// The installed package (issue 40): `npm install -g` of the packed tarball into an empty prefix (shared
// with the Vitest checks of the command: packed and installed once per run), `stowage` started on free
// ports, and a person signing in with the browser.
test('signs in to a console started with the installed `stowage` command', async ({ page }) => {
  test.setTimeout(20 * 60_000);
  const pkg = installedPackage();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-installed-e2e-'));
  const output: string[] = [];
  let child: ChildProcess | undefined;
  const s3Port = await freePort();
  try {
    child = spawn(pkg.bin, [], {
      cwd: dataDir,
      env: {
        PATH: process.env.PATH,
        HOME: dataDir,
        CONSOLE_PORT: String(await freePort()),
        STOWAGE_S3_PORT: String(s3Port),
        CONSOLE_HOST: '127.0.0.1',
        STOWAGE_DATA_DIR: path.join(dataDir, 'data'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = child;
    started.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
    // Without MINIO_ROOT_* the first start generates the root keys and prints them, as npm start does.
    const { url, user, password } = await new Promise<{ url: string; user: string; password: string }>(
      (resolve, reject) => {
        started.stdout?.on('data', (d: Buffer) => {
          output.push(d.toString());
          const text = output.join('');
          const url = /Stowage console: (http:\/\/\S+)/.exec(text)?.[1];
          const user = /RootUser: (\S+)/.exec(text)?.[1];
          const password = /RootPass: (\S+)/.exec(text)?.[1];
          if (url && user && password) resolve({ url, user, password });
        });
        started.once('exit', (code) => reject(new Error(`stowage exited ${code}:\n${output.join('')}`)));
      },
    );

    await page.goto(`${url}/login`);
    await page.getByPlaceholder('Enter Username').fill(user);
    await page.getByPlaceholder('Enter Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByRole('link', { name: `About: Stowage ${pkg.version}, Apache-2.0` })).toBeVisible();
    await page.goto(`${url}/buckets`);
    await expect(page.getByRole('heading', { level: 1, name: 'Buckets' })).toBeVisible();
    await snap(page, 'installed-package-buckets');

    // A few objects, for the README's tour in both colour schemes.
    const s3 = new Minio.Client({
      endPoint: '127.0.0.1',
      port: s3Port,
      useSSL: false,
      accessKey: user,
      secretKey: password,
    });
    await s3.makeBucket('photos');
    await s3.makeBucket('backups');
    for (const [bucket, key, size] of [
      ['photos', '2026/beach.jpg', 180_000],
      ['photos', '2026/harbour.jpg', 240_000],
      ['photos', 'albums/index.json', 1_200],
      ['backups', 'db/nightly.tar.gz', 2_500_000],
    ] as const) {
      await s3.putObject(bucket, key, Buffer.alloc(size, 7));
    }
    await page.goto(`${url}/buckets`);
    await expect(page.getByRole('article', { name: 'photos' })).toBeVisible();
    await snapBoth(page, 'tour-buckets');
    await page.goto(`${url}/buckets/photos/browse/2026/`);
    await expect(page.getByText('beach.jpg')).toBeVisible();
    await snapBoth(page, 'tour-objects');
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  }
});
