// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { matchRule, matchRules, parseReplicationConfig, replicationConfigXml } from './config.js';

const ARN = 'arn:minio:replication:us-east-1:abc:dst';
const ARN2 = 'arn:minio:replication:us-east-1:def:other';

function rule(body: string): string {
  return `<ReplicationConfiguration><Rule>${body}<Destination><Bucket>${ARN}</Bucket></Destination></Rule></ReplicationConfiguration>`;
}

describe('replication configuration', () => {
  it('parses filters with prefix, tag and And, and renders them back the same', () => {
    const xml = `<ReplicationConfiguration>
      <Rule><ID>a</ID><Status>Enabled</Status><Priority>1</Priority><Filter><Prefix>logs/</Prefix></Filter>
        <Destination><Bucket>${ARN}</Bucket><StorageClass>STANDARD</StorageClass></Destination></Rule>
      <Rule><ID>b</ID><Status>Disabled</Status><Priority>2</Priority>
        <Filter><And><Prefix>img/</Prefix><Tag><Key>k</Key><Value>v</Value></Tag><Tag><Key>x</Key><Value>y</Value></Tag></And></Filter>
        <DeleteReplication><Status>Enabled</Status></DeleteReplication>
        <Destination><Bucket>${ARN2}</Bucket></Destination></Rule>
    </ReplicationConfiguration>`;
    const c = parseReplicationConfig(xml);
    expect(c.rules.map((r) => [r.id, r.prefix, r.tags, r.status, r.deleteReplication])).toEqual([
      ['a', 'logs/', {}, 'Enabled', 'Disabled'],
      ['b', 'img/', { k: 'v', x: 'y' }, 'Disabled', 'Enabled'],
    ]);
    expect(parseReplicationConfig(replicationConfigXml(c))).toEqual(c);
  });

  it('refuses what MinIO refuses, saying why', () => {
    const reason = (xml: string): string => {
      try {
        parseReplicationConfig(xml);
        return 'accepted';
      } catch (err) {
        return `${(err as { code: string }).code}: ${(err as Error).message}`;
      }
    };
    expect(reason('<ReplicationConfiguration/>')).toBe(
      'MalformedXML: Replication configuration should have at least one rule',
    );
    expect(reason(rule('<Status>On</Status>'))).toContain('status must be Enabled or Disabled');
    expect(reason(rule('<Status>Enabled</Status>').replace(ARN, 'arn:aws:s3:::dst'))).toContain('ARN');
    expect(reason(rule('<Status>Enabled</Status><Priority>-1</Priority>'))).toContain('Priority');
    expect(reason('<ReplicationConfiguration><Rule>')).toBe(
      'MalformedXML: The XML you provided was not well-formed or did not validate against our published schema.',
    );
  });

  it('the enabled rule of highest priority that matches decides, and what it allows', () => {
    const c = parseReplicationConfig(`<ReplicationConfiguration>
      <Rule><ID>all</ID><Status>Enabled</Status><Priority>1</Priority><Filter><Prefix></Prefix></Filter>
        <DeleteMarkerReplication><Status>Enabled</Status></DeleteMarkerReplication>
        <Destination><Bucket>${ARN}</Bucket></Destination></Rule>
      <Rule><ID>tagged</ID><Status>Enabled</Status><Priority>5</Priority><Filter><Tag><Key>t</Key><Value>1</Value></Tag></Filter>
        <Destination><Bucket>${ARN2}</Bucket></Destination></Rule>
      <Rule><ID>off</ID><Status>Disabled</Status><Priority>9</Priority><Filter><Prefix></Prefix></Filter>
        <Destination><Bucket>${ARN2}</Bucket></Destination></Rule>
    </ReplicationConfiguration>`);
    expect(matchRule(c, 'a', {}, 'object')?.id).toBe('all');
    expect(matchRule(c, 'a', { t: '1' }, 'object')?.id).toBe('tagged');
    expect(matchRule(c, 'a', {}, 'delete-marker')?.id).toBe('all');
    expect(matchRule(c, 'a', {}, 'version-delete')).toBeNull();
    expect(matchRule(c, 'a', { t: '1' }, 'delete-marker')).toBeNull();
    // Per destination: each target's own rule decides for it.
    expect(matchRules(c, 'a', { t: '1' }, 'object').map((r) => r.id)).toEqual(['tagged', 'all']);
    expect(matchRules(c, 'a', { t: '1' }, 'delete-marker').map((r) => r.id)).toEqual(['all']);
    expect(matchRules(c, 'a', {}, 'object').map((r) => r.id)).toEqual(['all']);
  });
});
