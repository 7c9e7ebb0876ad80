import type { MultiBucketReplicationRequest } from '@stowage/contracts';

/** The Remote Configuration fields of both replication forms, as typed (spec 1 §9 defaults). */
export interface RemoteForm {
  targetURL: string;
  accessKey: string;
  secretKey: string;
  region: string;
  useTLS: boolean;
  syncMode: 'async' | 'sync';
  bandwidth: string;
  bandwidthUnit: BandwidthUnit;
  healthCheck: string;
}

export const bandwidthUnits = ['Ki', 'Mi', 'Gi', 'Ti'] as const;
export type BandwidthUnit = (typeof bandwidthUnits)[number];

/** Spec 1 §9: async, bandwidth 100 Gi, health check 60, TLS on. */
export const remoteFormDefaults: RemoteForm = {
  targetURL: '',
  accessKey: '',
  secretKey: '',
  region: '',
  useTLS: true,
  syncMode: 'async',
  bandwidth: '100',
  bandwidthUnit: 'Gi',
  healthCheck: '60',
};

/** What is wrong with the fields, per field; empty when they can be sent. */
export function remoteFormErrors(f: RemoteForm): Partial<Record<keyof RemoteForm, string>> {
  const e: Partial<Record<keyof RemoteForm, string>> = {};
  if (f.targetURL.trim() === '') e.targetURL = 'Target URL is required';
  if (f.accessKey.trim() === '') e.accessKey = 'Access Key is required';
  if (f.secretKey === '') e.secretKey = 'Secret Key is required';
  if (f.syncMode === 'async' && !(Number(f.bandwidth) >= 0 && f.bandwidth.trim() !== '')) {
    e.bandwidth = 'Bandwidth must be a number';
  }
  if (!(Number.isInteger(Number(f.healthCheck)) && Number(f.healthCheck) >= 0)) {
    e.healthCheck = 'Health check must be a whole number of seconds';
  }
  return e;
}

const unitBytes: Record<BandwidthUnit, number> = { Ki: 1024, Mi: 1024 ** 2, Gi: 1024 ** 3, Ti: 1024 ** 4 };

/** The request's connection part from the fields (bandwidth in bytes per second; sync has no limit). */
export function remoteRequest(f: RemoteForm): Omit<MultiBucketReplicationRequest, 'bucketsRelation'> {
  return {
    targetURL: f.targetURL.trim(),
    accessKey: f.accessKey.trim(),
    secretKey: f.secretKey,
    region: f.region.trim(),
    useTLS: f.useTLS,
    syncMode: f.syncMode,
    bandwidth: f.syncMode === 'async' ? Math.round(Number(f.bandwidth) * unitBytes[f.bandwidthUnit]) : 0,
    healthCheckPeriod: Number(f.healthCheck),
  };
}

/** `arn:minio:replication:<region>:<id>:<bucket>` shows as its bucket (spec 1 §4 "an ARN prefix is stripped"). */
export function stripArn(destination: string): string {
  return destination.startsWith('arn:') ? (destination.split(':').pop() ?? destination) : destination;
}
