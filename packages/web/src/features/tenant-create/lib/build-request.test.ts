// SPDX-License-Identifier: Apache-2.0
import { createTenantRequestSchema } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import { buildCreateTenantRequest } from './build-request';
import { gi } from './sizing';
import { initialWizardForm, type WizardForm } from './wizard-form';

function filled(): WizardForm {
  const f = initialWizardForm();
  f.nameTenant = { tenantName: 'tenant-a', namespace: 'ns-a', selectedStorageClass: 'standard' };
  f.tenantSize = { ...f.tenantSize, ecParity: 'EC:2' };
  return f;
}

describe('the creation body (spec 3 §7)', () => {
  it('holds one pool, the parity number, the built-in keys and passes the contract', () => {
    const f = filled();
    const body = buildCreateTenantRequest(f, 25 * gi);
    expect(body.pools).toHaveLength(1);
    expect(body.pools[0]).toMatchObject({
      name: 'pool-0',
      servers: 4,
      volumes_per_server: 1,
      volume_configuration: { size: 25 * gi, storage_class_name: 'standard' },
      resources: { requests: { memory: 2 * gi }, limits: { memory: 2 * gi } },
    });
    expect(body.erasureCodingParity).toBe(2);
    expect(body.enable_tls).toBe(true);
    expect(body.idp?.keys?.[0]?.access_key).toBe(f.identityProvider.keys[0]?.accessKey);
    expect(body.encryption).toBeUndefined();
    expect(createTenantRequestSchema.safeParse(body).success).toBe(true);
  });
  it('carries a node selector, OpenID and an external KMS when chosen', () => {
    const f = filled();
    f.affinity = {
      podAffinity: 'nodeSelector',
      withPodAntiAffinity: false,
      nodeSelectorLabels: [{ id: 'l', key: 'zone', value: 'a' }],
    };
    f.identityProvider.idpSelection = 'OpenID';
    f.identityProvider.openID = {
      ...f.identityProvider.openID,
      configurationURL: 'https://idp',
      clientID: 'c',
      secretID: 's',
      claimName: 'policy',
    };
    f.encryption = { ...f.encryption, enableEncryption: true, encryptionType: 'aws' };
    f.encryption.aws = {
      endpoint: 'https://kms',
      region: 'eu',
      kmskey: '',
      accessKey: 'a',
      secretKey: 'b',
      token: '',
    };
    const body = buildCreateTenantRequest(f, 25 * gi);
    expect(body.pools[0]?.node_selector).toEqual({ zone: 'a' });
    expect(body.pools[0]?.affinity).toBeUndefined();
    expect(body.idp?.oidc?.claim_name).toBe('policy');
    expect(body.encryption?.aws?.secretsmanager.region).toBe('eu');
    expect(createTenantRequestSchema.safeParse(body).success).toBe(true);
  });
});
