// SPDX-License-Identifier: Apache-2.0
import type { PickedFile } from '@/shared/operator/certificate-files';
import { randomId } from './random-id';

/** A certificate or key file picked in the wizard: its name and its contents as base64 (spec 3 §3). */
export type EncodedFile = PickedFile;

/** A server certificate and its key. */
export interface CertificatePair {
  id: string;
  crt: EncodedFile;
  key: EncodedFile;
}

export const emptyFile: EncodedFile = { fileName: '', value: '' };

export type IdpSelection = 'Built-in' | 'OpenID' | 'AD';
export type EncryptionType = 'vault' | 'aws' | 'gemalto' | 'gcp' | 'azure';
export type PodPlacement = 'none' | 'default' | 'nodeSelector';

/** One key/value label row of the node selector. */
export interface LabelRow {
  id: string;
  key: string;
  value: string;
}

/** One built-in access/secret key row. */
export interface KeyRow {
  id: string;
  accessKey: string;
  secretKey: string;
}

export interface NameTenantStep {
  tenantName: string;
  namespace: string;
  selectedStorageClass: string;
}

export interface ConfigureStep {
  exposeMinIO: boolean;
  exposeConsole: boolean;
  logSearchCustom: boolean;
  logSearchStorageClass: string;
  logSearchVolumeSize: string;
  prometheusCustom: boolean;
  prometheusStorageClass: string;
  prometheusVolumeSize: string;
}

export interface ImagesStep {
  imageName: string;
  logSearchImage: string;
  kesImage: string;
  logSearchPostgresImage: string;
  logSearchPostgresInitImage: string;
  prometheusImage: string;
  prometheusSidecarImage: string;
  prometheusInitImage: string;
  customDockerhub: boolean;
  imageRegistry: string;
  imageRegistryUsername: string;
  imageRegistryPassword: string;
}

export interface AffinityStep {
  podAffinity: PodPlacement;
  nodeSelectorLabels: LabelRow[];
  withPodAntiAffinity: boolean;
}

export interface IdentityStep {
  idpSelection: IdpSelection;
  keys: KeyRow[];
  openID: {
    configurationURL: string;
    clientID: string;
    secretID: string;
    callbackURL: string;
    claimName: string;
    scopes: string;
  };
  ad: {
    url: string;
    skipTLS: boolean;
    serverInsecure: boolean;
    startTLS: boolean;
    usernameFormat: string;
    usernameSearchFilter: string;
    groupSearchBaseDN: string;
    groupSearchFilter: string;
    groupNameAttribute: string;
    userDNs: { id: string; value: string }[];
    lookupBindDN: string;
    lookupBindPassword: string;
    userDNSearchBaseDN: string;
    userDNSearchFilter: string;
  };
}

export interface SecurityStep {
  enableTLS: boolean;
  enableAutoCert: boolean;
  enableCustomCerts: boolean;
  minioCertificates: CertificatePair[];
  caCertificates: (EncodedFile & { id: string })[];
}

export interface EncryptionStep {
  enableEncryption: boolean;
  encryptionType: EncryptionType;
  enableCustomCertsForKES: boolean;
  serverCert: CertificatePair;
  clientCert: CertificatePair;
  vault: {
    endpoint: string;
    engine: string;
    namespace: string;
    prefix: string;
    approleEngine: string;
    approleId: string;
    approleSecret: string;
    approleRetry: string;
    statusPing: string;
  };
  aws: {
    endpoint: string;
    region: string;
    kmskey: string;
    accessKey: string;
    secretKey: string;
    token: string;
  };
  gemalto: { endpoint: string; token: string; domain: string; retry: string };
  gcp: {
    projectId: string;
    endpoint: string;
    clientEmail: string;
    clientId: string;
    privateKeyId: string;
    privateKey: string;
  };
  azure: { endpoint: string; tenantId: string; clientId: string; clientSecret: string };
}

/** Spec 3 §3 "Tenant-size fields" that the user edits; the rest is computed from them. */
export interface TenantSizeStep {
  nodes: string;
  drivesPerServer: string;
  volumeSize: string;
  sizeFactor: SizeFactor;
  memoryNode: string;
  ecParity: string;
}

export const sizeFactors = ['Gi', 'Ti', 'Pi'] as const;
export type SizeFactor = (typeof sizeFactors)[number];

/** The whole Create New Tenant form, one slice per step (spec 3 §3 "Tenant creation form defaults"). */
export interface WizardForm {
  advancedMode: boolean;
  nameTenant: NameTenantStep;
  tenantSize: TenantSizeStep;
  configure: ConfigureStep;
  images: ImagesStep;
  affinity: AffinityStep;
  identityProvider: IdentityStep;
  security: SecurityStep;
  encryption: EncryptionStep;
}

export const newPair = (): CertificatePair => ({ id: randomId(), crt: emptyFile, key: emptyFile });
export const newKeyRow = (): KeyRow => ({ id: randomId(), accessKey: randomId(16), secretKey: randomId(32) });
export const newLabelRow = (): LabelRow => ({ id: randomId(), key: '', value: '' });

/** The form as the wizard opens (spec 3 §3 defaults, §9 constants). */
export function initialWizardForm(): WizardForm {
  return {
    advancedMode: false,
    nameTenant: { tenantName: '', namespace: '', selectedStorageClass: '' },
    tenantSize: {
      nodes: '4',
      drivesPerServer: '1',
      volumeSize: '100',
      sizeFactor: 'Gi',
      memoryNode: '2',
      ecParity: '',
    },
    configure: {
      exposeMinIO: true,
      exposeConsole: true,
      logSearchCustom: false,
      logSearchStorageClass: '',
      logSearchVolumeSize: '5',
      prometheusCustom: false,
      prometheusStorageClass: '',
      prometheusVolumeSize: '5',
    },
    images: {
      imageName: '',
      logSearchImage: '',
      kesImage: '',
      logSearchPostgresImage: '',
      logSearchPostgresInitImage: '',
      prometheusImage: '',
      prometheusSidecarImage: '',
      prometheusInitImage: '',
      customDockerhub: false,
      imageRegistry: '',
      imageRegistryUsername: '',
      imageRegistryPassword: '',
    },
    affinity: { podAffinity: 'default', nodeSelectorLabels: [newLabelRow()], withPodAntiAffinity: true },
    identityProvider: {
      idpSelection: 'Built-in',
      keys: [newKeyRow()],
      openID: {
        configurationURL: '',
        clientID: '',
        secretID: '',
        callbackURL: '',
        claimName: '',
        scopes: '',
      },
      ad: {
        url: '',
        skipTLS: false,
        serverInsecure: false,
        startTLS: false,
        usernameFormat: '',
        usernameSearchFilter: '',
        groupSearchBaseDN: '',
        groupSearchFilter: '',
        groupNameAttribute: '',
        userDNs: [{ id: randomId(), value: '' }],
        lookupBindDN: '',
        lookupBindPassword: '',
        userDNSearchBaseDN: '',
        userDNSearchFilter: '',
      },
    },
    security: {
      enableTLS: true,
      enableAutoCert: true,
      enableCustomCerts: false,
      minioCertificates: [newPair()],
      caCertificates: [{ id: randomId(), ...emptyFile }],
    },
    encryption: {
      enableEncryption: false,
      encryptionType: 'vault',
      enableCustomCertsForKES: false,
      serverCert: newPair(),
      clientCert: newPair(),
      vault: {
        endpoint: '',
        engine: '',
        namespace: '',
        prefix: '',
        approleEngine: '',
        approleId: '',
        approleSecret: '',
        approleRetry: '0',
        statusPing: '0',
      },
      aws: { endpoint: '', region: '', kmskey: '', accessKey: '', secretKey: '', token: '' },
      gemalto: { endpoint: '', token: '', domain: '', retry: '0' },
      gcp: { projectId: '', endpoint: '', clientEmail: '', clientId: '', privateKeyId: '', privateKey: '' },
      azure: { endpoint: '', tenantId: '', clientId: '', clientSecret: '' },
    },
  };
}
