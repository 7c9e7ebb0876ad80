// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isS3Error } from '../core/errors.js';
import { StoreLog } from '../log/store-log.js';
import { openObjectLayer } from '../object-layer/index.js';
import type { ObjectLayer } from '../object-layer/types.js';
import { StoreConfigService } from './config-service.js';
import type { ResolvedSet } from './registry.js';
import { regionSet } from './sets/region.js';
import { testHookSet, testUnsupportedSet } from './testing/test-sets.js';

// The configuration service on a real object layer (4 drive folders in a temp dir), with the region set
// (restart) and sets made for tests: a dynamic multi-target set and an unsupported one.

const SETS = [regionSet, testHookSet, testUnsupportedSet];

let dir: string;
let layer: ObjectLayer;
let log: StoreLog;

async function open(env: Record<string, string> = {}): Promise<StoreConfigService> {
  return StoreConfigService.open({ system: layer.system, log, sets: SETS, env });
}

async function configError(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isS3Error(err)) throw new Error(`expected an S3Error, got ${String(err)}`);
  return `${err.code}: ${err.message}`;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-config-'));
  layer = await openObjectLayer({ dataDir: dir, drives: 4, fsync: false, healthIntervalMs: 0 });
  log = new StoreLog();
});

afterEach(async () => {
  await layer.close();
  await rm(dir, { recursive: true, force: true });
});

describe('StoreConfigService', () => {
  it('resolves defaults, saves, and keeps restart sets as they were until restart', async () => {
    const config = await open();
    expect(config.get('region').values).toEqual({ name: '', comment: '' });
    expect(await config.set('region name=eu-west-1 comment="rack two"')).toEqual({ applied: false });
    // Saved (and shown by the admin API) but not in effect before a restart.
    expect(config.saved('region').values.name).toBe('eu-west-1');
    expect(config.get('region').values.name).toBe('');
    const seen: string[] = [];
    config.subscribe('region', (t) => {
      seen.push(t[0]?.values.name ?? '?');
    });
    await config.restart();
    expect(config.get('region').values).toEqual({ name: 'eu-west-1', comment: 'rack two' });
    expect(seen).toEqual(['', 'eu-west-1']);
    // A fresh service on the same drives reads what was saved.
    expect((await open()).get('region').values.name).toBe('eu-west-1');
  });

  it('applies dynamic sets at once and calls their appliers', async () => {
    const config = await open();
    const calls: ResolvedSet[][] = [];
    config.subscribe('test_hook', (targets) => {
      calls.push(targets);
    });
    expect(await config.set('test_hook:one enable=on endpoint=http://127.0.0.1:1/x batch=5')).toEqual({
      applied: true,
    });
    const last = calls.at(-1) ?? [];
    expect(last.map((t) => t.target)).toEqual(['', 'one']);
    expect(last[1]?.values).toMatchObject({ enable: 'on', batch: '5', wait: '1s', mode: 'a' });
    expect(config.targets('test_hook').map((t) => t.target)).toEqual(['', 'one']);
    expect(await config.del('test_hook:one')).toEqual({ applied: true });
    expect(config.targets('test_hook').map((t) => t.target)).toEqual(['']);
  });

  it('reports a failing applier to the store log, and settles once first runs are done', async () => {
    const config = await open();
    let applied = '';
    config.subscribe('region', async (t) => {
      await new Promise((r) => setImmediate(r));
      applied = `name=${t[0]?.values.name}`;
    });
    config.subscribe('test_hook', () => {
      throw new Error('target unreachable');
    });
    await config.settled();
    expect(applied).toBe('name=');
    expect(log.recent(5).map((e) => [e.ConsoleMsg, e.error?.message])).toContainEqual([
      "Applying the 'test_hook' configuration failed",
      'target unreachable',
    ]);
    // The save stands even though its applier failed.
    expect(await config.set('test_hook batch=2')).toEqual({ applied: true });
    expect(config.get('test_hook').values.batch).toBe('2');
  });

  it('refuses bad keys, values, targets and unsupported sets, changing nothing', async () => {
    const config = await open();
    await config.set('test_hook:one enable=on endpoint=http://h/x');
    const before = config.exportText();
    expect(await configError(config.set('nosuch a=b'))).toBe(
      "XMinioConfigError: unknown sub-system 'nosuch'",
    );
    expect(await configError(config.set('region nme=x'))).toBe(
      "XMinioConfigError: unknown key 'nme' for 'region' (valid keys: name, comment)",
    );
    expect(await configError(config.set('test_hook:one batch=many'))).toBe(
      "XMinioConfigError: invalid value for 'test_hook:one batch': 'many' is not a number",
    );
    expect(await configError(config.set('test_hook:one wait=5 mode=c'))).toContain("'5' is not a duration");
    expect(await configError(config.set('test_hook:one mode=c'))).toContain("'c' is not one of 'a', 'b'");
    expect(await configError(config.set('test_hook:one endpoint=nope'))).toContain(
      "'nope' is not a valid URL",
    );
    expect(await configError(config.set('test_hook:one endpoint='))).toBe(
      "XMinioConfigError: 'test_hook:one': 'endpoint' is required when enabled",
    );
    expect(await configError(config.set('region:x name=a'))).toContain(
      "sub-system 'region' has no named targets",
    );
    expect(await configError(config.set('test_hook:b@d enable=off'))).toContain("target name 'b@d'");
    expect(await configError(config.set('region name=1abc'))).toContain("'1abc' is not a region name");
    expect(await configError(config.set('etcd endpoints=http://e:2379'))).toBe(
      "XMinioConfigError: sub-system 'etcd' is not supported by this server: this server runs as a single deployment",
    );
    expect(await configError(config.del('test_hook:gone'))).toBe(
      "XMinioAdminNoSuchConfigTarget: no configuration target 'test_hook:gone'",
    );
    expect(await configError(config.set('region name="open'))).toContain('has no closing "');
    expect(config.exportText()).toBe(before);
    expect((await open()).exportText()).toBe(before);
  });

  it('lets the environment override stored values and shows it', async () => {
    await (await open()).set('region name=stored-region');
    const config = await open({
      MINIO_REGION_NAME: 'env-region',
      MINIO_TEST_HOOK_ENABLE_primary: 'on',
      MINIO_TEST_HOOK_ENDPOINT_primary: 'http://127.0.0.1:9/p',
      MINIO_TEST_HOOK_BATCH: 'lots',
    });
    expect(config.get('region')).toEqual({
      target: '',
      values: { name: 'env-region', comment: '' },
      fromEnv: { name: 'MINIO_REGION_NAME' },
    });
    expect(config.text('region')).toBe(
      '# MINIO_REGION_NAME=env-region\nregion name=stored-region comment=\n',
    );
    expect(config.targets('test_hook').map((t) => [t.target, t.values.enable])).toEqual([
      ['', 'off'],
      ['primary', 'on'],
    ]);
    // A wrongly typed variable is ignored and reported.
    expect(config.get('test_hook').values.batch).toBe('1');
    expect(log.recent(10).map((e) => e.ConsoleMsg)).toContain(
      "Environment variable MINIO_TEST_HOOK_BATCH is ignored: 'lots' is not a number",
    );
    // A sensitive key's value stays out of the log.
    const secretSet = { ...testHookSet, keys: testHookSet.keys.map((k) => ({ ...k, sensitive: true })) };
    await StoreConfigService.open({
      system: layer.system,
      log,
      sets: [regionSet, secretSet],
      env: { MINIO_TEST_HOOK_BATCH: 'hunter2' },
    });
    const last = log.recent(1)[0]?.ConsoleMsg ?? '';
    expect(last).toBe(
      'Environment variable MINIO_TEST_HOOK_BATCH is ignored: the value is not a valid number',
    );
  });

  it('exports, imports all or nothing, and keeps a restorable history', async () => {
    const config = await open();
    await config.set('region name=one');
    await config.set('test_hook:a enable=on endpoint=http://h/a');
    const exported = config.exportText();
    expect(exported).toContain('region name=one comment=\n');
    expect(exported).toContain('test_hook:a enable=on endpoint=http://h/a batch=1 wait=1s mode=a note=\n');
    expect(await configError(config.import('region name=two\ntest_hook:b batch=x'))).toContain(
      "'x' is not a number",
    );
    expect(config.exportText()).toBe(exported);
    // An unsupported set that configures nothing (as in a MinIO export) is accepted.
    await config.import('region name=two\netcd endpoints=\n');
    expect(config.saved('region').values.name).toBe('two');
    expect(config.targets('test_hook').map((t) => t.target)).toEqual(['']);
    const history = await config.history(10);
    expect(history.map((h) => h.data.split('\n')[0])).toEqual([
      'region name=one comment=',
      'region name=one comment=',
      'region name=two comment=',
    ]);
    const second = history[1];
    if (!second) throw new Error('no history');
    await config.restoreHistory(second.restoreId);
    expect(config.saved('region').values.name).toBe('one');
    expect(config.targets('test_hook').map((t) => t.target)).toEqual(['', 'a']);
    expect(await config.history(2)).toHaveLength(2);
    await config.clearHistory(second.restoreId);
    expect((await config.history(0)).map((h) => h.restoreId)).not.toContain(second.restoreId);
    await config.clearHistory('all');
    expect(await config.history(0)).toEqual([]);
  });
});
