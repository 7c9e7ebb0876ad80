// SPDX-License-Identifier: Apache-2.0
import {
  invalidNotification,
  type NotificationRule,
  type RuleKind,
  SUPPORTED_EVENTS,
} from '../notify/bucket-rules.js';
import { parseXml, type XmlNode, xmlChild, xmlList, xmlText } from './xml.js';

/** The NotificationConfiguration document (S3 API: Put/GetBucketNotificationConfiguration). */

const KIND_ELEMENTS: Record<RuleKind, { element: string; arn: string }> = {
  Queue: { element: 'QueueConfiguration', arn: 'Queue' },
  Topic: { element: 'TopicConfiguration', arn: 'Topic' },
  CloudFunction: { element: 'CloudFunctionConfiguration', arn: 'CloudFunction' },
};

/** Reads a rule's `Filter/S3Key/FilterRule` list (Name = prefix | suffix, at most one of each). */
function parseFilter(node: XmlNode | XmlNode[] | undefined): { prefix: string; suffix: string } {
  const out = { prefix: '', suffix: '' };
  const filter = xmlChild(node);
  if (!filter) return out;
  const key = xmlChild(filter.S3Key);
  if (!key) return out;
  const seen = new Set<string>();
  for (const rule of xmlList(key.FilterRule)) {
    const name = (xmlText(rule.Name) ?? '').toLowerCase();
    const value = xmlText(rule.Value, false) ?? '';
    if (name !== 'prefix' && name !== 'suffix') {
      throw invalidNotification('filter rule name must be either prefix or suffix', {
        ArgumentName: 'FilterRule',
      });
    }
    if (seen.has(name)) {
      throw invalidNotification(`Cannot specify more than one ${name} rule in a filter.`, {
        ArgumentName: 'FilterRule',
      });
    }
    if (value.length > 1024) throw invalidNotification(`The ${name} filter value is longer than 1024 bytes.`);
    seen.add(name);
    out[name] = value;
  }
  return out;
}

/** Parses the request document; checks every element S3 checks. ARNs are checked by `validateRules`. */
export function parseNotificationXml(body: Buffer): NotificationRule[] {
  const doc = parseXml(body, 'NotificationConfiguration', [
    'QueueConfiguration',
    'TopicConfiguration',
    'CloudFunctionConfiguration',
    'Event',
    'FilterRule',
  ]);
  const rules: NotificationRule[] = [];
  for (const kind of Object.keys(KIND_ELEMENTS) as RuleKind[]) {
    const { element, arn: arnElement } = KIND_ELEMENTS[kind];
    for (const node of xmlList(doc[element])) {
      const arn = xmlText(node[arnElement]) ?? '';
      const events = (Array.isArray(node.Event) ? node.Event : node.Event ? [node.Event] : []).map(
        (e) => xmlText(e) ?? '',
      );
      if (events.length === 0)
        throw invalidNotification('At least one event must be specified in a configuration.');
      for (const e of events) {
        if (!SUPPORTED_EVENTS.includes(e)) {
          throw invalidNotification('A specified event is not supported for notifications.', { Event: e });
        }
      }
      const { prefix, suffix } = parseFilter(node.Filter);
      rules.push({ kind, id: xmlText(node.Id) ?? '', arn, events, prefix, suffix });
    }
  }
  return rules;
}

/** The GetBucketNotificationConfiguration document's content. */
export function notificationXmlContent(rules: readonly NotificationRule[]): Record<string, unknown> {
  const content: Record<string, unknown[]> = {};
  for (const r of rules) {
    const { element, arn } = KIND_ELEMENTS[r.kind];
    const filterRules = [
      ...(r.prefix ? [{ Name: 'prefix', Value: r.prefix }] : []),
      ...(r.suffix ? [{ Name: 'suffix', Value: r.suffix }] : []),
    ];
    const list = content[element] ?? [];
    content[element] = list;
    list.push({
      Id: r.id,
      [arn]: r.arn,
      Event: r.events,
      ...(filterRules.length > 0 ? { Filter: { S3Key: { FilterRule: filterRules } } } : {}),
    });
  }
  return content;
}
