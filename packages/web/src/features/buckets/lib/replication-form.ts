// SPDX-License-Identifier: Apache-2.0
import type {
  MultiBucketReplicationRequest,
  ReplicationRule,
  ReplicationRuleUpdate,
} from '@stowage/contracts';

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

/** The Rule fields of Set Bucket Replication and of a rule's edit form, as typed. */
export interface RuleForm {
  priority: string;
  storageClass: string;
  prefix: string;
  tags: string;
  deleteMarkers: boolean;
  deletes: boolean;
  metadata: boolean;
  enabled: boolean;
}

/** A new rule: the next priority, delete markers, deletes and metadata replicated (spec 1 §9). */
export function ruleFormDefaults(nextPriority: number): RuleForm {
  return {
    priority: String(nextPriority),
    storageClass: '',
    prefix: '',
    tags: '',
    deleteMarkers: true,
    deletes: true,
    metadata: true,
    enabled: true,
  };
}

/** A rule's edit form, filled from the rule. */
export function ruleFormOf(rule: ReplicationRule): RuleForm {
  return {
    priority: String(rule.priority),
    storageClass: rule.storageClass,
    prefix: rule.prefix,
    tags: rule.tags,
    deleteMarkers: rule.delete_marker_replication,
    deletes: rule.deletes_replication,
    metadata: rule.metadata_replication ?? true,
    enabled: rule.status === 'Enabled',
  };
}

const TAGS = /^([^=&]+=[^=&]*(&[^=&]+=[^=&]*)*)?$/;

/** What is wrong with the rule fields, per field; empty when they can be sent. */
export function ruleFormErrors(
  f: RuleForm,
  takenPriorities: number[] = [],
): Partial<Record<keyof RuleForm, string>> {
  const e: Partial<Record<keyof RuleForm, string>> = {};
  const p = Number(f.priority);
  if (!(f.priority.trim() !== '' && Number.isInteger(p) && p > 0)) {
    e.priority = 'Priority must be a whole number above zero';
  } else if (takenPriorities.includes(p)) {
    e.priority = `Another rule has priority ${p}`;
  }
  if (!TAGS.test(f.tags.trim())) e.tags = 'Tags must be key=value pairs joined by &';
  return e;
}

/** The edit form as PUT /api/v1/buckets/{bucket}/replication/{rule} takes it. */
export function ruleUpdateRequest(f: RuleForm): ReplicationRuleUpdate {
  return {
    priority: Number(f.priority),
    status: f.enabled ? 'Enabled' : 'Disabled',
    prefix: f.prefix.trim(),
    tags: f.tags.trim(),
    storageClass: f.storageClass.trim(),
    replicateDeleteMarkers: f.deleteMarkers,
    replicateDeletes: f.deletes,
    replicateMetadata: f.metadata,
  };
}
