// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isS3Error } from '../../core/errors.js';
import { StoreLog } from '../../log/store-log.js';
import { type ErasureObjectLayer, openObjectLayer } from '../../object-layer/index.js';
import { StoreConfigService } from '../config-service.js';
import { ALL_SETS } from './index.js';
import { classParity } from './storage-class.js';

/**
 * `storage_class` through the real configuration service on real drive folders: MinIO's checks of
 * EC:N values against the drive count, and the parity each class resolves to.
 */

let dir = '';
let layer: ErasureObjectLayer | undefined;

async function open(drives: number, env: Record<string, string> = {}): Promise<StoreConfigService> {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-sc-'));
  layer = await openObjectLayer({ dataDir: dir, drives, healthIntervalMs: 0, autoHeal: false });
  return StoreConfigService.open({
    system: layer.system,
    log: new StoreLog(),
    sets: ALL_SETS,
    env,
    store: { drives, parity: layer.parityShards },
  });
}

afterEach(async () => {
  await layer?.close();
  layer = undefined;
  await rm(dir, { recursive: true, force: true });
});

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isS3Error(err)) throw new Error(`expected a refusal, got ${String(err)}`);
  return `${err.code}: ${err.message}`;
}

describe('storage_class set', () => {
  it('resolves each class to its parity on 4 drives, and applies at once', async () => {
    const config = await open(4);
    const store = { drives: 4, parity: 2 };
    expect(classParity(config.get('storage_class'), 'STANDARD', store)).toEqual({ parity: 2 });
    expect(classParity(config.get('storage_class'), 'REDUCED_REDUNDANCY', store)).toEqual({ parity: 1 });
    expect(await config.set('storage_class standard=EC:1 rrs=EC:0')).toEqual({ applied: true });
    expect(classParity(config.get('storage_class'), 'STANDARD', store)).toEqual({ parity: 1 });
    expect(classParity(config.get('storage_class'), 'REDUCED_REDUNDANCY', store)).toEqual({ parity: 0 });
  });

  it('refuses what MinIO refuses, naming the problem, and changes nothing', async () => {
    const config = await open(4);
    await config.set('storage_class standard=EC:2');
    const cases: [string, RegExp][] = [
      ['storage_class standard=EC:3', /Standard storage class parity 3 should be less than or equal to 2/],
      [
        'storage_class rrs=EC:3',
        /Reduced redundancy storage class parity 3 should be less than or equal to 2/,
      ],
      [
        'storage_class standard=EC:1 rrs=EC:2',
        /Standard storage class parity 1 should be greater than or equal to Reduced redundancy storage class parity 2/,
      ],
      ['storage_class standard=RS:2', /unsupported scheme 'RS'/],
      ['storage_class standard=EC:2:1', /write it as EC:<parity>/],
      ['storage_class standard=EC:two', /'two' in 'EC:two' is not a parity/],
      ['storage_class standard=EC:-1', /is not a parity/],
    ];
    for (const [text, problem] of cases) {
      const msg = await refusal(config.set(text));
      expect(msg, text).toMatch(/^XMinioConfigError: /);
      expect(msg, text).toMatch(problem);
    }
    expect(config.get('storage_class').values).toMatchObject({ standard: 'EC:2', rrs: 'EC:1' });
  });

  it('allows only EC:0 on a single drive (the default rrs stands for EC:0 there)', async () => {
    const config = await open(1);
    expect(await config.set('storage_class standard=EC:0')).toEqual({ applied: true });
    expect(await refusal(config.set('storage_class standard=EC:1'))).toMatch(
      /Standard storage class parity 1 is not possible with a single drive: only EC:0/,
    );
    expect(await refusal(config.set('storage_class rrs=EC:2'))).toMatch(/only EC:0/);
    const store = { drives: 1, parity: 0 };
    expect(classParity(config.get('storage_class'), 'REDUCED_REDUNDANCY', store)).toEqual({ parity: 0 });
  });

  it('reports an unusable environment override to the data path instead of using it', async () => {
    const config = await open(4, { MINIO_STORAGE_CLASS_STANDARD: 'EC:4' });
    expect(classParity(config.get('storage_class'), 'STANDARD', { drives: 4, parity: 2 })).toEqual({
      problem: 'Standard storage class parity 4 should be less than or equal to 2 (half of 4 drives)',
    });
  });
});
