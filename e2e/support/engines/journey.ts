import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import type * as Minio from 'minio';

/** A row of the object list, by the name shown in it. */
export const objectRow = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

export async function waitForUploadsDone(page: Page): Promise<void> {
  await expect(page.getByText('Object(s) uploaded successfully.')).toBeVisible({ timeout: 60_000 });
}

/** The bytes of an object, as any S3 client reads them. */
export async function objectBytes(s3: Minio.Client, bucket: string, key: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of await s3.getObject(bucket, key)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

export async function objectKeys(s3: Minio.Client, bucket: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of s3.listObjectsV2(bucket, '', true)) if (o.name) keys.push(o.name);
  return keys.sort();
}

/** The folder a journey uploads: album/notes.txt (text with markup) and album/data/answer.json. */
export async function writeAlbum(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>([
    ['album/notes.txt', Buffer.from('Release notes\n<b>shown as text, never as HTML</b>\n')],
    ['album/data/answer.json', Buffer.from('{"answer":42}\n')],
  ]);
  for (const [key, bytes] of files) {
    await mkdir(path.dirname(path.join(dir, key)), { recursive: true });
    await writeFile(path.join(dir, key), bytes);
  }
  return files;
}
