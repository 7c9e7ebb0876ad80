// SPDX-License-Identifier: Apache-2.0
import type { ReplicationRule } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import {
  remoteFormDefaults,
  remoteFormErrors,
  remoteRequest,
  ruleFormDefaults,
  ruleFormErrors,
  ruleFormOf,
  ruleUpdateRequest,
  stripArn,
} from './replication-form';

describe('replication form', () => {
  it('has the spec defaults and names the missing fields', () => {
    expect(remoteFormDefaults).toMatchObject({
      useTLS: true,
      syncMode: 'async',
      bandwidth: '100',
      bandwidthUnit: 'Gi',
      healthCheck: '60',
    });
    expect(Object.keys(remoteFormErrors(remoteFormDefaults)).sort()).toEqual([
      'accessKey',
      'secretKey',
      'targetURL',
    ]);
  });

  it('sends the bandwidth in bytes per second, none in sync mode', () => {
    const f = { ...remoteFormDefaults, targetURL: ' h:9000 ', accessKey: 'a', secretKey: 's' };
    expect(remoteRequest(f)).toMatchObject({
      targetURL: 'h:9000',
      bandwidth: 100 * 1024 ** 3,
      healthCheckPeriod: 60,
    });
    expect(remoteRequest({ ...f, syncMode: 'sync' }).bandwidth).toBe(0);
    expect(remoteRequest({ ...f, bandwidth: '2', bandwidthUnit: 'Mi' }).bandwidth).toBe(2 * 1024 * 1024);
  });

  it('shows a destination ARN as its bucket', () => {
    expect(stripArn('arn:minio:replication:us-east-1:0a1b:photos-copy')).toBe('photos-copy');
    expect(stripArn('plain')).toBe('plain');
  });

  it('fills the edit form from a rule and sends it back as the update request', () => {
    const rule: ReplicationRule = {
      id: 'r1',
      priority: 3,
      status: 'Disabled',
      destination: { bucket: 'arn:minio:replication:us-east-1:0a1b:copy' },
      prefix: 'logs/',
      tags: 'a=1',
      delete_marker_replication: true,
      deletes_replication: false,
      storageClass: 'STANDARD',
      metadata_replication: false,
    };
    const f = ruleFormOf(rule);
    expect(f).toEqual({
      priority: '3',
      storageClass: 'STANDARD',
      prefix: 'logs/',
      tags: 'a=1',
      deleteMarkers: true,
      deletes: false,
      metadata: false,
      enabled: false,
    });
    expect(ruleUpdateRequest({ ...f, enabled: true, prefix: ' new/ ', priority: '4' })).toEqual({
      priority: 4,
      status: 'Enabled',
      prefix: 'new/',
      tags: 'a=1',
      storageClass: 'STANDARD',
      replicateDeleteMarkers: true,
      replicateDeletes: false,
      replicateMetadata: false,
    });
    // A rule without the metadata setting replicates metadata (as the store reads it).
    expect(ruleFormOf({ ...rule, metadata_replication: undefined }).metadata).toBe(true);
  });

  it('names a bad priority, one another rule has, and malformed tags', () => {
    expect(ruleFormErrors(ruleFormDefaults(1))).toEqual({});
    expect(ruleFormErrors({ ...ruleFormDefaults(1), priority: '0' }).priority).toBe(
      'Priority must be a whole number above zero',
    );
    expect(ruleFormErrors({ ...ruleFormDefaults(1), priority: '1.5' }).priority).toBeDefined();
    expect(ruleFormErrors(ruleFormDefaults(2), [2, 5]).priority).toBe('Another rule has priority 2');
    expect(ruleFormErrors({ ...ruleFormDefaults(1), tags: 'k=v&w=x' })).toEqual({});
    expect(ruleFormErrors({ ...ruleFormDefaults(1), tags: 'novalue' }).tags).toBe(
      'Tags must be key=value pairs joined by &',
    );
  });
});
