// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';
import { eventNameMatches } from '../events/object-events.js';

/**
 * A bucket's notification rules (S3 API: PutBucketNotificationConfiguration): each sends matching
 * events to a target named by ARN. Kept as JSON in the bucket's `notification` config; the XML side is
 * `s3/notification-xml.ts`.
 */

/** The three S3 configuration kinds; MinIO sends all of them to its `arn:minio:sqs:` targets. */
export type RuleKind = 'Queue' | 'Topic' | 'CloudFunction';

export interface NotificationRule {
  kind: RuleKind;
  id: string;
  arn: string;
  events: string[];
  prefix: string;
  suffix: string;
}

/** Every event name a rule may name (S3's, as MinIO supports them for notifications). */
export const SUPPORTED_EVENTS: readonly string[] = [
  's3:ObjectCreated:*',
  's3:ObjectCreated:Put',
  's3:ObjectCreated:Post',
  's3:ObjectCreated:Copy',
  's3:ObjectCreated:CompleteMultipartUpload',
  's3:ObjectRemoved:*',
  's3:ObjectRemoved:Delete',
  's3:ObjectRemoved:DeleteMarkerCreated',
  's3:ObjectAccessed:*',
  's3:ObjectAccessed:Get',
  's3:ObjectAccessed:Head',
];

export function invalidNotification(message: string, extra: Record<string, string> = {}): S3Error {
  return new S3Error('InvalidArgument', message, extra);
}

/** Do two rules' event lists share an event (a wildcard covers its kinds)? */
function eventsOverlap(a: readonly string[], b: readonly string[]): boolean {
  return a.some((x) => b.some((y) => eventNameMatches([x], y) || eventNameMatches([y], x)));
}

/**
 * S3's checks across rules: every ARN names a configured target, and no two rules for the same target
 * overlap (shared events with prefixes one of which starts the other and suffixes one of which ends the
 * other — an event could then match both).
 */
export function validateRules(rules: readonly NotificationRule[], knownArns: ReadonlySet<string>): void {
  for (const r of rules) {
    if (!knownArns.has(r.arn)) {
      throw invalidNotification(
        'A specified destination ARN does not exist or is not well-formed. Verify the destination ARN.',
        {
          ArgumentName: 'ArnNotFound',
          ArgumentValue: r.arn,
        },
      );
    }
  }
  for (let i = 0; i < rules.length; i++) {
    for (let j = i + 1; j < rules.length; j++) {
      const a = rules[i]!;
      const b = rules[j]!;
      if (a.arn !== b.arn || !eventsOverlap(a.events, b.events)) continue;
      const prefixes = a.prefix.startsWith(b.prefix) || b.prefix.startsWith(a.prefix);
      const suffixes = a.suffix.endsWith(b.suffix) || b.suffix.endsWith(a.suffix);
      if (prefixes && suffixes) {
        throw invalidNotification(
          'Configurations overlap. Configurations on the same bucket cannot share a common event type.',
        );
      }
    }
  }
}

/** Rule ids S3 fills in when the request gave none. */
export function withIds(rules: NotificationRule[]): NotificationRule[] {
  return rules.map((r, i) => ({ ...r, id: r.id || `notification-${i + 1}` }));
}

/** Does a rule take this event of this key? */
export function ruleMatches(rule: NotificationRule, eventName: string, key: string): boolean {
  return eventNameMatches(rule.events, eventName) && key.startsWith(rule.prefix) && key.endsWith(rule.suffix);
}
