// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MadminClient, MadminError, signRequest } from '@stowage/madmin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_SETS } from '../config/sets/index.js';
import { testHookSet, testUnsupportedSet } from '../config/testing/test-sets.js';
import { type StoreHandle, startStore } from '../server.js';

// The admin configuration API end to end: a real store on 4 drive folders in a temp dir, driven over
// HTTP by the repo's madmin client (and signed S3 requests for what the region changes). Besides the
// store's own sets it knows a dynamic multi-target set and an unsupported one made for the test.

const ROOT = 'config-root';
const SECRET = 'config-root-secret-123';
// The test sets stand in for the real ones of the same name (ALL_SETS lists a real `etcd`).
const TEST_SETS = [testHookSet, testUnsupportedSet];
const SETS = [...ALL_SETS.filter((s) => !TEST_SETS.some((t) => t.subSys === s.subSys)), ...TEST_SETS];

let dataDir: string;

async function start(env: Record<string, string> = {}): Promise<StoreHandle> {
  return startStore({
    dataDir,
    drives: 4,
    port: 0,
    host: '127.0.0.1',
    rootUser: ROOT,
    rootPassword: SECRET,
    env,
    configSets: SETS,
  });
}

function admin(store: StoreHandle, accessKey = ROOT, secretKey = SECRET): MadminClient {
  return new MadminClient({ endpoint: store.url, accessKey, secretKey });
}

/** A signed S3 request scoped to `region`; status, headers and body text. */
async function s3(store: StoreHandle, method: string, p: string, region: string) {
  const url = new URL(`${store.url}${p}`);
  const headers = signRequest({ method, url, accessKey: ROOT, secretKey: SECRET, region, service: 's3' });
  const res = await fetch(url, { method, headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

/** The admin error a call fails with, as `code: message`. */
async function failure(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof MadminError)) throw new Error(`expected a MadminError, got ${String(err)}`);
  return `${err.code}: ${err.message}`;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'stowage-config-api-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('admin config API', () => {
  let store: StoreHandle;
  let mc: MadminClient;

  beforeAll(async () => {
    store = await start({ MINIO_TEST_HOOK_BATCH: '7', MINIO_TEST_HOOK_ENDPOINT_envtarget: 'http://h/env' });
    mc = admin(store);
  });

  afterAll(async () => {
    await store.close();
  });

  it('describes every set, one set, one key, and the environment names', async () => {
    const all = await mc.helpConfigKV('');
    expect(all.subSys).toBe('');
    expect(all.keysHelp?.map((k) => k.key)).toEqual(SETS.map((s) => s.subSys));
    expect(all.keysHelp?.find((k) => k.key === 'etcd')?.description).toBe(
      'federation (not supported by this server: this server runs as a single deployment)',
    );
    const region = await mc.helpConfigKV('region');
    // madmin-go decodes help with DisallowUnknownFields: exactly these fields.
    expect(region).toEqual({
      subSys: 'region',
      description: 'label the location of the server',
      multipleTargets: false,
      keysHelp: [
        {
          key: 'name',
          description: 'name of the location of the server e.g. "us-west-rack2"',
          optional: true,
          type: 'string',
          multipleTargets: false,
        },
        {
          key: 'comment',
          description: 'optionally add a comment to this setting',
          optional: true,
          type: 'sentence',
          multipleTargets: false,
        },
      ],
    });
    expect((await mc.helpConfigKV('test_hook', 'wait')).keysHelp).toEqual([
      { key: 'wait', description: 'how long', optional: true, type: 'duration', multipleTargets: false },
    ]);
    expect((await mc.helpConfigKV('region', '', true)).keysHelp?.map((k) => k.key)).toEqual([
      'MINIO_REGION_NAME',
      'MINIO_REGION_COMMENT',
    ]);
    expect(await failure(mc.helpConfigKV('nosuch'))).toBe("XMinioConfigError: unknown sub-system 'nosuch'");
    expect(await failure(mc.helpConfigKV('region', 'nme'))).toBe(
      "XMinioConfigError: unknown key 'nme' for sub-system 'region'",
    );
  });

  it('sets, shows and deletes a dynamic set at once, with environment overrides shown and winning', async () => {
    expect(await mc.getConfigKV('test_hook')).toBe(
      [
        '# MINIO_TEST_HOOK_BATCH=7',
        'test_hook enable=off endpoint= batch=1 wait=1s mode=a note=',
        '# MINIO_TEST_HOOK_ENDPOINT_envtarget=http://h/env',
        'test_hook:envtarget enable=off endpoint= batch=1 wait=1s mode=a note=',
        '',
      ].join('\n'),
    );
    expect(
      await mc.setConfigKV('test_hook:one enable=on endpoint=http://127.0.0.1:1/x wait=1m30s note="a b c"'),
    ).toEqual({ restartRequired: false });
    expect(await mc.getConfigKV('test_hook:one')).toBe(
      'test_hook:one enable=on endpoint=http://127.0.0.1:1/x batch=1 wait=1m30s mode=a note="a b c"\n',
    );
    expect(await mc.delConfigKV('test_hook:one note')).toEqual({ restartRequired: false });
    expect(await mc.getConfigKV('test_hook:one')).toContain(' note=\n');
    expect(await mc.delConfigKV('test_hook:one')).toEqual({ restartRequired: false });
    expect(await failure(mc.getConfigKV('test_hook:one'))).toBe(
      "XMinioAdminNoSuchConfigTarget: no configuration target 'test_hook:one'",
    );
  });

  it('refuses a bad key, value or target and an unsupported set with a precise error, changing nothing', async () => {
    await mc.setConfigKV('test_hook:keep enable=on endpoint=http://h/keep');
    const before = await mc.getConfig();
    const cases: [string, string][] = [
      ['region nme=x', "XMinioConfigError: unknown key 'nme' for 'region' (valid keys: name, comment)"],
      [
        'region name=9lives',
        "XMinioConfigError: invalid value for 'region name': '9lives' is not a region name: a letter, then letters, digits, '-' or '_'",
      ],
      [
        'test_hook:keep wait=soon',
        "XMinioConfigError: invalid value for 'test_hook:keep wait': 'soon' is not a duration (e.g. 500ms, 30s, 1h2m3s)",
      ],
      [
        'test_hook:keep enable=maybe',
        "XMinioConfigError: invalid value for 'test_hook:keep enable': 'maybe' is not 'on' or 'off'",
      ],
      [
        'test_hook:keep endpoint=',
        "XMinioConfigError: 'test_hook:keep': 'endpoint' is required when enabled",
      ],
      [
        'region:west name=x',
        "XMinioConfigError: sub-system 'region' has no named targets (got 'region:west')",
      ],
      [
        'test_hook:no/pe enable=off',
        "XMinioConfigError: target name 'no/pe' must be 1-64 letters, digits, '_' or '-' in 'test_hook:no/pe'",
      ],
      ['nosuch a=b', "XMinioConfigError: unknown sub-system 'nosuch'"],
      [
        'etcd endpoints=http://e:2379',
        "XMinioConfigError: sub-system 'etcd' is not supported by this server: this server runs as a single deployment",
      ],
      ['region name', "XMinioConfigError: line 1: expected key=value, found 'name'"],
    ];
    for (const [text, error] of cases) expect(await failure(mc.setConfigKV(text))).toBe(error);
    expect(await failure(mc.delConfigKV('test_hook:ghost'))).toBe(
      "XMinioAdminNoSuchConfigTarget: no configuration target 'test_hook:ghost'",
    );
    expect(await mc.getConfig()).toBe(before);
  });

  it('exports, imports all or nothing, and restores from the history', async () => {
    await mc.clearConfigHistoryKV('all');
    await mc.setConfigKV('test_hook:h1 enable=on endpoint=http://h/1');
    const exported = await mc.getConfig();
    expect(exported).toContain('test_hook:h1 enable=on endpoint=http://h/1 batch=1 wait=1s mode=a note=\n');
    expect(exported).toContain('# MINIO_TEST_HOOK_BATCH=7\n');
    // Import replaces everything: h1 and keep go, h2 comes.
    const replaced = 'region name=imported\ntest_hook:h2 enable=on endpoint=http://h/2\n';
    expect(await failure(mc.setConfig(`${replaced}test_hook:h3 batch=x\n`))).toBe(
      "XMinioConfigError: invalid value for 'test_hook:h3 batch': 'x' is not a number",
    );
    expect(await mc.getConfig()).toBe(exported);
    await mc.setConfig(`# exported by hand\n${replaced}`);
    expect(await mc.getConfigKV('region')).toBe('region name=imported comment=\n');
    expect(await failure(mc.getConfigKV('test_hook:h1'))).toContain('no configuration target');
    const history = await mc.listConfigHistoryKV(10);
    expect(history).toHaveLength(2);
    const [first, second] = history;
    if (!first || !second) throw new Error('history entries missing');
    expect(first.data).toContain('test_hook:h1 enable=on');
    expect(second.data).toContain('region name=imported');
    expect(Date.parse(first.createTime)).toBeLessThan(Date.parse(second.createTime));
    await mc.restoreConfigHistoryKV(first.restoreId);
    expect(await mc.getConfig()).toBe(exported);
    expect(await failure(mc.restoreConfigHistoryKV('00000000-0000-0000-0000-000000000000'))).toBe(
      "XMinioConfigError: no configuration history entry '00000000-0000-0000-0000-000000000000'",
    );
    await mc.clearConfigHistoryKV(first.restoreId);
    expect((await mc.listConfigHistoryKV(10)).map((h) => h.restoreId)).toEqual([second.restoreId]);
    await mc.clearConfigHistoryKV('all');
    expect(await mc.listConfigHistoryKV(10)).toEqual([]);
  });

  it('needs admin:ConfigUpdate', async () => {
    await mc.addUser('plainuser', 'plainuser-secret-1');
    await mc.setPolicy('readwrite', 'plainuser', false);
    const user = admin(store, 'plainuser', 'plainuser-secret-1');
    expect(await failure(user.getConfigKV('region'))).toMatch(/^AccessDenied: /);
    expect(await failure(user.setConfigKV('region name=x'))).toMatch(/^AccessDenied: /);
    expect(await failure(user.helpConfigKV('region'))).toMatch(/^AccessDenied: /);
  });
});

describe('region, restart and durability', () => {
  it('applies the region at restart, keeps acknowledged writes, survives a lost drive, and lets the environment win', async () => {
    let store = await start();
    let mc = admin(store);
    expect((await s3(store, 'PUT', '/regional', 'us-east-1')).status).toBe(200);
    expect(await mc.setConfigKV('region name=eu-west-1')).toEqual({ restartRequired: true });
    // Saved, not yet in effect.
    expect(await mc.getConfigKV('region')).toBe('region name=eu-west-1 comment=\n');
    expect((await s3(store, 'GET', '/regional?location', 'us-east-1')).body).toContain(
      '<LocationConstraint xmlns="http://s3.amazonaws.com/doc/2006-03-01/"></LocationConstraint>',
    );
    // Restart while writes are in flight: every acknowledged write is readable afterwards.
    const writes = Array.from({ length: 20 }, (_, i) =>
      s3(store, 'PUT', `/regional/obj-${i}`, i < 10 ? 'us-east-1' : 'eu-west-1').then((r) => r.status),
    );
    await mc.serviceRestart();
    const statuses = await Promise.all(writes);
    const acknowledged = statuses.flatMap((s, i) => (s === 200 ? [i] : []));
    expect(acknowledged.length).toBeGreaterThan(0);
    for (const i of acknowledged) {
      expect((await s3(store, 'GET', `/regional/obj-${i}`, 'eu-west-1')).status).toBe(200);
    }
    expect((await s3(store, 'GET', '/regional?location', 'eu-west-1')).body).toContain('>eu-west-1<');
    expect((await s3(store, 'HEAD', '/regional', 'eu-west-1')).headers.get('x-amz-bucket-region')).toBe(
      'eu-west-1',
    );
    expect((await mc.serverInfo()).region).toBe('eu-west-1');
    await store.close();

    // Lose one drive of four (parity 2): the configuration is still there after a process start.
    await rm(path.join(dataDir, 'drive1'), { recursive: true, force: true });
    store = await start({ MINIO_REGION_NAME: 'ap-south-1' });
    mc = admin(store);
    expect(await mc.getConfigKV('region')).toBe(
      '# MINIO_REGION_NAME=ap-south-1\nregion name=eu-west-1 comment=\n',
    );
    expect((await s3(store, 'GET', '/regional?location', 'ap-south-1')).body).toContain('>ap-south-1<');
    await store.close();

    store = await start();
    expect((await s3(store, 'GET', '/regional?location', 'eu-west-1')).body).toContain('>eu-west-1<');
    expect((await admin(store).serverInfo()).region).toBe('eu-west-1');
    // The site set's region (MinIO's newer name for it) wins over the region set's name, once applied.
    mc = admin(store);
    expect(await mc.setConfigKV('site name=cal-rack0 region=us-west-2')).toEqual({ restartRequired: true });
    await mc.serviceRestart();
    expect((await s3(store, 'GET', '/regional?location', 'us-west-2')).body).toContain('>us-west-2<');
    // Signatures are scoped to it: one scoped to the older region's name is refused.
    expect((await s3(store, 'PUT', '/regional/site', 'eu-west-1')).status).toBe(400);
    expect((await s3(store, 'PUT', '/regional/site', 'us-west-2')).status).toBe(200);
    expect((await mc.serverInfo()).region).toBe('us-west-2');
    await store.close();
  });
});
