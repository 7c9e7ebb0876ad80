// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { type NotificationRule, ruleMatches, validateRules, withIds } from './bucket-rules.js';

const ARN = 'arn:minio:sqs:us-east-1:w:webhook';
const rule = (events: string[], prefix = '', suffix = '', arn = ARN): NotificationRule => ({
  kind: 'Queue',
  id: '',
  arn,
  events,
  prefix,
  suffix,
});

describe('bucket notification rules', () => {
  it('match an event by name (wildcards too), key prefix and key suffix', () => {
    const r = rule(['s3:ObjectCreated:*'], 'photos/', '.jpg');
    expect(ruleMatches(r, 's3:ObjectCreated:Put', 'photos/cat.jpg')).toBe(true);
    expect(ruleMatches(r, 's3:ObjectCreated:CompleteMultipartUpload', 'photos/cat.jpg')).toBe(true);
    expect(ruleMatches(r, 's3:ObjectRemoved:Delete', 'photos/cat.jpg')).toBe(false);
    expect(ruleMatches(r, 's3:ObjectCreated:Put', 'videos/cat.jpg')).toBe(false);
    expect(ruleMatches(r, 's3:ObjectCreated:Put', 'photos/cat.png')).toBe(false);
  });

  it('allow rules of one target that cannot both match an event, and refuse those that can', () => {
    const known = new Set([ARN, 'arn:minio:sqs:us-east-1:p:postgresql']);
    expect(() =>
      validateRules(
        [rule(['s3:ObjectCreated:*'], 'a/', '.jpg'), rule(['s3:ObjectCreated:*'], 'a/', '.png')],
        known,
      ),
    ).not.toThrow();
    expect(() =>
      validateRules([rule(['s3:ObjectCreated:*']), rule(['s3:ObjectRemoved:*'])], known),
    ).not.toThrow();
    expect(() =>
      validateRules(
        [
          rule(['s3:ObjectCreated:*']),
          rule(['s3:ObjectCreated:*'], '', '', 'arn:minio:sqs:us-east-1:p:postgresql'),
        ],
        known,
      ),
    ).not.toThrow();
    expect(() =>
      validateRules([rule(['s3:ObjectCreated:Put'], 'a/'), rule(['s3:ObjectCreated:*'])], known),
    ).toThrow(/Configurations overlap/);
    expect(() =>
      validateRules([rule(['s3:ObjectCreated:*'], '', '', 'arn:minio:sqs::x:nats')], known),
    ).toThrow(/destination ARN does not exist/);
  });

  it('name rules the request left unnamed', () => {
    expect(
      withIds([{ ...rule(['s3:ObjectCreated:*']), id: 'mine' }, rule(['s3:ObjectRemoved:*'])]).map(
        (r) => r.id,
      ),
    ).toEqual(['mine', 'notification-2']);
  });
});
