// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import {
  affinityProblems,
  configureProblems,
  encryptionAllowed,
  encryptionProblems,
  fileProblem,
  identityProblems,
  imageFormatMessage,
  imagesProblems,
  keyProblem,
  messages,
  namespaceProblem,
  securityProblems,
  tenantNameProblem,
} from './validation';
import { initialWizardForm, newLabelRow } from './wizard-form';

describe('tenant name (spec 3 §5)', () => {
  it('takes lowercase letters, digits and dashes, 3 to 63 long', () => {
    expect(tenantNameProblem('tenant-1')).toBeUndefined();
    expect(tenantNameProblem('abc')).toBeUndefined();
    expect(tenantNameProblem('a'.repeat(63))).toBeUndefined();
  });
  it('refuses the rest with the spec message', () => {
    for (const bad of ['ab', 'Tenant', 'with space', 'under_score', 'a'.repeat(64)]) {
      expect(tenantNameProblem(bad)).toBe(
        "Name only can contain lowercase letters, numbers and '-'. Min. Length: 3",
      );
    }
    expect(tenantNameProblem('')).toBe('Field cannot be empty');
  });
});

describe('namespace (spec 3 §5)', () => {
  it('is required and reports what the server said about it', () => {
    expect(namespaceProblem('', 'unknown')).toBe('Field cannot be empty');
    expect(namespaceProblem('ns', 'has-tenant')).toBe('You can only create one tenant per namespace');
    expect(namespaceProblem('ns', 'invalid')).toBe('Please enter a valid namespace');
    expect(namespaceProblem('ns', 'ok')).toBeUndefined();
  });
});

describe('configure overrides', () => {
  it('needs a storage class and a size above 0 only when overridden', () => {
    const c = initialWizardForm().configure;
    expect(configureProblems(c)).toEqual({});
    const on = { ...c, logSearchCustom: true, logSearchVolumeSize: '0', prometheusCustom: true };
    expect(configureProblems(on)).toEqual({
      logSearchStorageClass: 'Field cannot be empty',
      logSearchVolumeSize: 'Volume size must be present and be greatter than 0',
      prometheusStorageClass: 'Field cannot be empty',
    });
  });
});

describe('custom images', () => {
  it('accepts repository/name:version, with or without a registry host', () => {
    const i = initialWizardForm().images;
    expect(imagesProblems({ ...i, imageName: 'minio/minio:RELEASE.2022-01-08' })).toEqual({});
    expect(imagesProblems({ ...i, imageName: 'quay.io/minio/minio:v1' })).toEqual({});
    expect(imagesProblems({ ...i, imageName: 'localhost:5000/minio/minio:v1' })).toEqual({});
  });
  it('names the expected form of each image', () => {
    const i = initialWizardForm().images;
    const p = imagesProblems({
      ...i,
      imageName: 'minio',
      logSearchImage: 'x:1',
      kesImage: 'kes',
      logSearchPostgresImage: 'postgres',
      logSearchPostgresInitImage: 'busybox:1',
      prometheusImage: 'prom',
      prometheusSidecarImage: 'side car/x:1',
      prometheusInitImage: 'a/b',
    });
    expect(p).toEqual({
      imageName: "Format must be of form: 'minio/minio:VERSION'",
      logSearchImage: "Format must be of form: 'minio/logsearchapi:VERSION'",
      kesImage: "Format must be of form: 'minio/kes:VERSION'",
      logSearchPostgresImage: "Format must be of form: 'library/postgres:VERSION'",
      logSearchPostgresInitImage: "Format must be of form: 'library/busybox:VERSION'",
      prometheusImage: "Format must be of form: 'prometheus/prometheus:VERSION'",
      prometheusSidecarImage: imageFormatMessage('project/container'),
      prometheusInitImage: "Format must be of form: 'library/busybox:VERSION'",
    });
  });
  it('needs endpoint, username and password of a custom registry', () => {
    const i = { ...initialWizardForm().images, customDockerhub: true, imageRegistry: 'r.example.com' };
    expect(imagesProblems(i)).toEqual({
      imageRegistryUsername: messages.required,
      imageRegistryPassword: messages.required,
    });
  });
});

describe('pod placement', () => {
  it('a node selector needs a complete label pair', () => {
    const a = initialWizardForm().affinity;
    expect(affinityProblems(a)).toEqual({});
    expect(affinityProblems({ ...a, podAffinity: 'nodeSelector' })).toEqual({
      labels: 'You need to add at least one label key-pair',
    });
    const row = { ...newLabelRow(), key: 'zone', value: 'a' };
    expect(affinityProblems({ ...a, podAffinity: 'nodeSelector', nodeSelectorLabels: [row] })).toEqual({});
  });
});

describe('identity provider', () => {
  it('preset keys are valid: 16 and 32 random characters', () => {
    const idp = initialWizardForm().identityProvider;
    expect(idp.keys[0]?.accessKey).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(idp.keys[0]?.secretKey).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(identityProblems(idp)).toEqual({});
  });
  it('keys are 8 to 63 letters, digits or dashes', () => {
    expect(keyProblem('short')).toBe('Keys must be at least length 8');
    expect(keyProblem('with space!')).toBe('Keys must be at least length 8');
    expect(keyProblem('a'.repeat(64))).toBe('Keys must be at least length 8');
    expect(keyProblem('')).toBe('Field cannot be empty');
    expect(keyProblem('abc-1234')).toBeUndefined();
  });
  it('OpenID needs configuration URL, client ID, secret ID and claim name', () => {
    const idp = { ...initialWizardForm().identityProvider, idpSelection: 'OpenID' as const };
    expect(Object.keys(identityProblems(idp)).sort()).toEqual([
      'claimName',
      'clientID',
      'configurationURL',
      'secretID',
    ]);
  });
  it('AD needs the server address and every user DN', () => {
    const idp = { ...initialWizardForm().identityProvider, idpSelection: 'AD' as const };
    expect(identityProblems(idp)).toEqual({ url: messages.required, 'userDN-0': messages.required });
    expect(messages.adInsecure).toBe('Warning: All traffic with Active Directory will be unencrypted.');
  });
});

describe('security and encryption', () => {
  it('security is valid with TLS off, autocert or custom certificates', () => {
    const s = initialWizardForm().security;
    expect(securityProblems(s)).toEqual({});
    expect(securityProblems({ ...s, enableTLS: false, enableAutoCert: false })).toEqual({});
    expect(Object.keys(securityProblems({ ...s, enableAutoCert: false }))).toEqual(['security']);
  });
  it('encryption needs TLS and autocert or a complete custom pair', () => {
    const s = initialWizardForm().security;
    expect(encryptionAllowed(s)).toBe(true);
    expect(encryptionAllowed({ ...s, enableTLS: false })).toBe(false);
    const custom = { ...s, enableAutoCert: false, enableCustomCerts: true };
    expect(encryptionAllowed(custom)).toBe(false);
    const pair = {
      id: 'p',
      crt: { fileName: 'a.crt', value: 'Y3J0' },
      key: { fileName: 'a.key', value: 'a2V5' },
    };
    expect(encryptionAllowed({ ...custom, minioCertificates: [pair] })).toBe(true);
  });
  it('each KMS asks for its required fields; retries and pings are 0 or greater', () => {
    const f = initialWizardForm();
    const on = { ...f.encryption, enableEncryption: true };
    expect(encryptionProblems(f.encryption, f.security)).toEqual({});
    expect(encryptionProblems({ ...on, vault: { ...on.vault, approleRetry: '-1' } }, f.security)).toEqual({
      'vault.endpoint': messages.required,
      'vault.approleId': messages.required,
      'vault.approleSecret': messages.required,
      'vault.approleRetry': 'Value needs to be 0 or greater',
    });
    expect(Object.keys(encryptionProblems({ ...on, encryptionType: 'aws' }, f.security)).sort()).toEqual([
      'aws.accessKey',
      'aws.endpoint',
      'aws.region',
      'aws.secretKey',
    ]);
    expect(
      encryptionProblems(
        { ...on, encryptionType: 'gemalto', gemalto: { ...on.gemalto, retry: 'x' } },
        f.security,
      ),
    ).toEqual({
      'gemalto.endpoint': messages.required,
      'gemalto.token': messages.required,
      'gemalto.domain': messages.required,
      'gemalto.retry': 'Value needs to be 0 or greater',
    });
    expect(Object.keys(encryptionProblems({ ...on, encryptionType: 'azure' }, f.security)).length).toBe(4);
    expect(encryptionProblems({ ...on, encryptionType: 'gcp' }, f.security)).toEqual({});
  });
  it('without autocert the KES server and client pairs are required', () => {
    const f = initialWizardForm();
    const security = { ...f.security, enableAutoCert: false, enableCustomCerts: true };
    const p = encryptionProblems(
      { ...f.encryption, enableEncryption: true, encryptionType: 'gcp' },
      security,
    );
    expect(Object.keys(p).sort()).toEqual(['clientCrt', 'clientKey', 'serverCrt', 'serverKey']);
  });
  it('certificate and key files must have the accepted endings', () => {
    expect(fileProblem({ fileName: 'public.crt', value: 'x' }, 'cert')).toBeUndefined();
    expect(fileProblem({ fileName: 'tls.pem', value: 'x' }, 'key')).toBeUndefined();
    expect(fileProblem({ fileName: 'cert.txt', value: 'x' }, 'cert')).toBe(
      'Choose a .cer, .crt, .cert, .pem file',
    );
    expect(fileProblem({ fileName: 'x.crt', value: 'x' }, 'key')).toBe('Choose a .key, .pem file');
  });
});
