// SPDX-License-Identifier: Apache-2.0
import { isSecretConfigKey, secretConfigKeys } from '@stowage/madmin';
import { describe, expect, it } from 'vitest';
import { parseGoDuration } from '../duration.js';
import type { ConfigKeyDef } from '../registry.js';
import { ALL_SETS } from './index.js';

/** Whether a default is a value of its key's type ('' = no default, allowed for optional keys). */
function defaultProblem(k: ConfigKeyDef): string | undefined {
  const v = k.default;
  if (v === '')
    return k.type === 'on|off' || k.type === 'enum' ? 'an on|off or enum key needs a default' : undefined;
  switch (k.type) {
    case 'number':
      if (!/^\d+$/.test(v)) return `number default "${v}"`;
      break;
    case 'on|off':
      if (v !== 'on' && v !== 'off') return `on|off default "${v}"`;
      break;
    case 'duration':
      if (parseGoDuration(v) === null) return `duration default "${v}"`;
      break;
    case 'enum':
      if (!k.values?.includes(v)) return `enum default "${v}" not among ${k.values?.join('|')}`;
      break;
    case 'url':
      new URL(v);
      break;
  }
  return k.validate?.(v);
}

describe('config set definitions', () => {
  it('are well formed: unique names and keys, valid defaults, enum values present', () => {
    const names = ALL_SETS.map((s) => s.subSys);
    expect(new Set(names).size).toBe(names.length);
    for (const set of ALL_SETS) {
      expect(set.subSys).toMatch(/^[a-z][a-z_]*$/);
      expect(set.description.length).toBeGreaterThan(0);
      const keys = set.keys.map((k) => k.key);
      expect(new Set(keys).size, `${set.subSys} has a key twice`).toBe(keys.length);
      for (const k of set.keys) {
        expect(k.key, set.subSys).toMatch(/^[a-z][a-z0-9_]*$/);
        expect(k.description.length, `${set.subSys}.${k.key} help`).toBeGreaterThan(0);
        if (k.type === 'enum') expect(k.values?.length, `${set.subSys}.${k.key} values`).toBeGreaterThan(1);
        else expect(k.values, `${set.subSys}.${k.key}`).toBeUndefined();
        expect(defaultProblem(k), `${set.subSys}.${k.key}`).toBeUndefined();
      }
    }
  });

  it('notification targets are multi-target restart sets with queue_dir, queue_limit (10000) and comment', () => {
    const notify = ALL_SETS.filter((s) => s.subSys.startsWith('notify_'));
    expect(notify.map((s) => s.subSys).sort()).toEqual([
      'notify_amqp',
      'notify_elasticsearch',
      'notify_kafka',
      'notify_mqtt',
      'notify_mysql',
      'notify_nats',
      'notify_nsq',
      'notify_postgres',
      'notify_redis',
      'notify_webhook',
    ]);
    for (const s of notify) {
      expect(s.multipleTargets).toBe(true);
      expect(s.apply).toBe('restart');
      const byKey = new Map(s.keys.map((k) => [k.key, k]));
      expect(byKey.get('enable')?.default, s.subSys).toBe('off');
      expect(byKey.get('queue_dir')?.type, s.subSys).toBe('path');
      expect(byKey.get('queue_limit')?.default, s.subSys).toBe('10000');
      expect(byKey.get('comment')?.type, s.subSys).toBe('sentence');
    }
  });

  it("notify_postgres lists MinIO's keys, its connection string secret", () => {
    const pg = ALL_SETS.find((s) => s.subSys === 'notify_postgres');
    expect(pg?.keys.map((k) => k.key)).toEqual([
      'enable',
      'connection_string',
      'table',
      'format',
      'queue_dir',
      'queue_limit',
      'comment',
      'max_open_connections',
    ]);
    const byKey = new Map(pg?.keys.map((k) => [k.key, k]));
    expect(byKey.get('connection_string')?.sensitive).toBe(true);
    expect(byKey.get('connection_string')?.optional).toBe(false);
    expect(byKey.get('format')?.values).toEqual(['namespace', 'access']);
    expect(byKey.get('max_open_connections')?.default).toBe('2');
  });

  it('identity sets: openid takes named providers, ldap one server; credentials flagged sensitive', () => {
    const openid = ALL_SETS.find((s) => s.subSys === 'identity_openid');
    const ldap = ALL_SETS.find((s) => s.subSys === 'identity_ldap');
    expect(openid?.multipleTargets).toBe(true);
    expect(ldap?.multipleTargets).toBe(false);
    expect(openid?.keys.find((k) => k.key === 'client_secret')?.sensitive).toBe(true);
    expect(ldap?.keys.find((k) => k.key === 'lookup_bind_password')?.sensitive).toBe(true);
    expect(ldap?.keys.find((k) => k.key === 'lookup_bind_dn')?.sensitive).toBe(true);
    expect(openid?.keys.find((k) => k.key === 'claim_name')?.default).toBe('policy');
  });

  it("every key MinIO calls secret (madmin's list, which the console masks) is a sensitive key of its set here", () => {
    for (const [subSys, keys] of Object.entries(secretConfigKeys)) {
      const set = ALL_SETS.find((s) => s.subSys === subSys);
      for (const key of keys) {
        expect(set?.keys.find((k) => k.key === key)?.sensitive, `${subSys} ${key}`).toBe(true);
      }
    }
    expect(isSecretConfigKey('identity_ldap', 'lookup_bind_password')).toBe(true);
    expect(isSecretConfigKey('identity_ldap', 'lookup_bind_dn')).toBe(false);
  });

  it("identity_tls has MinIO's skip_verify and an enable key, both off, and applies at once", () => {
    const set = ALL_SETS.find((s) => s.subSys === 'identity_tls');
    expect(set?.unsupported).toBeUndefined();
    expect(set?.apply).toBe('dynamic');
    expect(set?.keys.map((k) => [k.key, k.type, k.default])).toEqual([
      ['enable', 'on|off', 'off'],
      ['skip_verify', 'on|off', 'off'],
      ['comment', 'sentence', ''],
    ]);
  });

  it("site has MinIO's name and region, checked as MinIO checks them", () => {
    const set = ALL_SETS.find((s) => s.subSys === 'site');
    expect(set?.unsupported).toBeUndefined();
    const key = (k: string) => set?.keys.find((x) => x.key === k);
    expect(key('name')?.validate?.('cal-rack0')).toBeUndefined();
    expect(key('name')?.validate?.('Cal_Rack')).toMatch(/not a site name/);
    expect(key('region')?.validate?.('us-west-1')).toBeUndefined();
    expect(key('region')?.validate?.('1bad')).toMatch(/not a region name/);
  });

  it('the sets the store does not implement carry their reason; the implemented ones do not', () => {
    const unsupported = ALL_SETS.filter((s) => s.unsupported !== undefined);
    expect(unsupported.map((s) => s.subSys).sort()).toEqual([
      'audit_kafka',
      'cache',
      'callhome',
      'etcd',
      'policy_opa',
      'subnet',
    ]);
    for (const s of unsupported) expect(s.unsupported?.length).toBeGreaterThan(20);
    expect(ALL_SETS.find((s) => s.subSys === 'etcd')?.unsupported).toContain('single node');
    for (const name of ['api', 'scanner', 'heal', 'identity_plugin', 'policy_plugin']) {
      const s = ALL_SETS.find((x) => x.subSys === name);
      expect(s?.unsupported).toBeUndefined();
      expect(s?.apply).toBe('dynamic');
    }
  });

  it("validates values beyond their type: the api set's CORS list and stale-upload durations", () => {
    const apiSet = ALL_SETS.find((s) => s.subSys === 'api');
    const key = (k: string) => apiSet?.keys.find((x) => x.key === k);
    expect(key('cors_allow_origin')?.validate?.('https://a.example,,https://b.example')).toMatch(/empty/);
    expect(key('cors_allow_origin')?.validate?.('https://a.example,https://*.b.example')).toBeUndefined();
    expect(key('stale_uploads_expiry')?.validate?.('0s')).toMatch(/greater than zero/);
  });
});
