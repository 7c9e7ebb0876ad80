import { describe, expect, it } from 'vitest';
import { remoteFormDefaults, remoteFormErrors, remoteRequest, stripArn } from './replication-form';

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
});
