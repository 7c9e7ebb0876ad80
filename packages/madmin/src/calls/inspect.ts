// SPDX-License-Identifier: Apache-2.0
// Admin API: inspect-data (madmin-go inspect.go).
import { Readable } from 'node:stream';
import { MadminError } from '../errors.js';
import type { AdminTransport } from '../transport.js';

export interface InspectOptions {
  /** The bucket (MinIO: the volume). */
  volume: string;
  /** The object path below it; `*` and `?` match any characters. */
  file: string;
}

/** The answer of inspect-data: the one-time key (format 1) and the sealed zip that follows it. */
export interface InspectResult {
  key: Buffer;
  /** The zip sealed with `key` in sio-go's format (see `sioDecryptStream`). */
  data: Readable;
}

async function readExactly(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  n: number,
): Promise<{
  head: Buffer;
  rest: Buffer;
}> {
  const parts: Buffer[] = [];
  let have = 0;
  while (have < n) {
    const { value, done } = await reader.read();
    if (done)
      throw new MadminError({
        code: 'XMinioAdminBadResponse',
        message: 'inspect answer cut short',
        status: 200,
      });
    parts.push(Buffer.from(value));
    have += value.length;
  }
  const all = Buffer.concat(parts);
  return { head: all.subarray(0, n), rest: all.subarray(n) };
}

/**
 * `GET /inspect-data?volume=&file=`: the raw files of the matching objects on every drive, as a zip
 * sealed with a key made for this answer alone. madmin-go's answer starts with a format byte: 1 is
 * followed by that key (32 bytes); 2 (sealed for a public key, MinIO's SUBNET format) is not read here.
 */
export async function inspect(
  t: AdminTransport,
  opts: InspectOptions,
  signal?: AbortSignal,
): Promise<InspectResult> {
  const res = await t.send(
    { method: 'GET', path: '/inspect-data', query: { volume: opts.volume, file: opts.file }, signal },
    { timeout: false },
  );
  if (!res.body)
    throw new MadminError({
      code: 'XMinioAdminBadResponse',
      message: 'inspect answer is empty',
      status: 200,
    });
  const reader = res.body.getReader();
  const { head, rest } = await readExactly(reader, 33);
  if (head[0] !== 1) {
    await reader.cancel().catch(() => undefined);
    throw new MadminError({
      code: 'XMinioAdminBadResponse',
      message: `unknown inspect data format ${head[0]}`,
      status: 200,
    });
  }
  const key = Buffer.from(head.subarray(1, 33));
  const data = Readable.from(
    (async function* body() {
      if (rest.length > 0) yield rest;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        yield Buffer.from(value);
      }
    })(),
  );
  data.on('close', () => void reader.cancel().catch(() => undefined));
  return { key, data };
}
