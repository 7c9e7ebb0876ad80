// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import type { TenantRecord } from './files.js';
import { parseStorageClasses } from './storage-classes.js';
import { readTenantYaml, tenantToYaml } from './tenant-yaml.js';

const GI = 2 ** 30;
const tenant: TenantRecord = {
  name: 't1',
  namespace: 'ns1',
  createdAt: '2026-01-01T00:00:00.000Z',
  image: 'stowage/store:1.0.0',
  pools: [{ name: 'pool-0', servers: 4, volumes_per_server: 1, size: 100 * GI, storageClass: 'standard' }],
  port: 1,
  rootUser: 'root-user',
  rootPassword: 'root-password',
  env: { MINIO_STORAGE_CLASS_STANDARD: 'EC:2' },
  pendingUsers: [],
  tls: { enabled: true, autoCert: true, custom: [], cas: [] },
  features: { oidc: false, ldap: false, encryption: false, prometheus: false, logSearch: false },
};

describe('the tenant as a Tenant v2 document', () => {
  const yaml = tenantToYaml(tenant, 'Running', 1);

  it('writes MinIO operator fields and reads its own document back unchanged', () => {
    expect(yaml).toContain('apiVersion: minio.min.io/v2');
    expect(yaml).toContain('volumesPerServer: 1');
    expect(yaml).toContain('storage: 100Gi');
    expect(yaml).toContain('requestAutoCert: true');
    expect(readTenantYaml(yaml, tenant, ['standard'])).toEqual({ pools: tenant.pools, env: tenant.env });
  });

  it('adds a pool written at the end, with its size as a quantity', () => {
    const added = yaml.replace(
      '  env:',
      [
        '    - name: pool-1',
        '      servers: 2',
        '      volumesPerServer: 2',
        '      volumeClaimTemplate:',
        '        spec:',
        '          storageClassName: fast',
        '          resources:',
        '            requests:',
        '              storage: 2Ti',
        '  env:',
      ].join('\n'),
    );
    const change = readTenantYaml(added, tenant, ['standard', 'fast']);
    expect(change.pools[1]).toEqual({
      name: 'pool-1',
      servers: 2,
      volumes_per_server: 2,
      size: 2 * 1024 * GI,
      storageClass: 'fast',
    });
  });

  it('refuses what cannot be applied, with the reason', () => {
    const refuse = (text: string) => {
      try {
        readTenantYaml(text, tenant, ['standard']);
      } catch (err) {
        return (err as { detailedError: string }).detailedError;
      }
      throw new Error('accepted');
    };
    expect(refuse('spec: [')).not.toBe('');
    expect(refuse(yaml.replace('kind: Tenant', 'kind: Pod'))).toMatch(/kind must be Tenant/);
    expect(refuse(yaml.replace('servers: 4', 'servers: 8'))).toMatch(/Pool pool-0 cannot be changed/);
    expect(refuse(yaml.replace('storage: 100Gi', 'storage: lots'))).toMatch(/not a storage size/);
    expect(refuse(yaml.replace('image: stowage/store:1.0.0', 'image: minio/minio:latest'))).toMatch(
      /image cannot change/,
    );
    expect(refuse(yaml.replace('  env:\n', '  env:\n    - name: MINIO_ROOT_USER\n      value: x\n'))).toMatch(
      /managed by the operator/,
    );
  });
});

describe('storage classes from CONSOLE_OPERATOR_STORAGE_CLASSES', () => {
  it('reads name=/folder[:size] entries, or one standard class', () => {
    expect(parseStorageClasses('standard=/srv/a:2Ti,fast=/srv/b:200Gi', '/d')).toEqual([
      { name: 'standard', root: '/srv/a', capacity: 2 * 1024 * GI },
      { name: 'fast', root: '/srv/b', capacity: 200 * GI },
    ]);
    expect(parseStorageClasses(undefined, '/d')).toEqual([{ name: 'standard', root: '/d', capacity: null }]);
    expect(() => parseStorageClasses('standard=relative', '/d')).toThrow(/name=\/absolute\/folder/);
    expect(() => parseStorageClasses('a=/x,a=/y', '/d')).toThrow(/listed twice/);
    expect(() => parseStorageClasses('a=/x:huge', '/d')).toThrow(/not a size/);
  });
});
