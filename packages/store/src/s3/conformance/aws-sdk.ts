// SPDX-License-Identifier: Apache-2.0
import { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { ROOT_PASSWORD, ROOT_USER, type TestStore } from './harness.js';

/** The AWS SDK v3 as root on a test store, at its defaults (path-style addressing). */
export function rootSdk(t: TestStore): S3Client {
  return new S3Client({
    endpoint: t.store.url,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: ROOT_USER, secretAccessKey: ROOT_PASSWORD },
  });
}

/** The S3 error a request answered (code and HTTP status); fails the test when it succeeded. */
export async function sdkError(p: Promise<unknown>): Promise<{ name: string; status: number | undefined }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof S3ServiceException) return { name: err.name, status: err.$metadata.httpStatusCode };
    throw err;
  }
  throw new Error('the request succeeded');
}

/** The status of an unsigned request (as a browser or `curl` sends it), body drained. */
export async function anonStatus(url: string, init: RequestInit = {}): Promise<number> {
  const r = await fetch(url, init);
  await r.arrayBuffer();
  return r.status;
}
