// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { userTopics } from '../../routes/topics/topic-support.js';
import { createTopicForm, parseCreateTopic, parseListTopics } from './rgw-topics-client.js';

// Answers recorded from Ceph 16.2 (Debian 12's radosgw) after `CreateTopic t1` and a bucket subscription
// `n1` to it; the Ceph journey `engines-ceph-settings.spec.ts` drives the live API.
const listed =
  '<ListTopicsResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/"><ListTopicsResult><Topics>' +
  '<member><User></User><Name>n1_t1</Name><EndPoint><EndpointAddress>http://127.0.0.1:19173/hook</EndpointAddress>' +
  '<EndpointArgs>push-endpoint=http://127.0.0.1:19173/hook</EndpointArgs><EndpointTopic>t1</EndpointTopic>' +
  '<HasStoredSecret>False</HasStoredSecret><Persistent>False</Persistent></EndPoint>' +
  '<TopicArn>arn:aws:sns:default::t1</TopicArn><OpaqueData></OpaqueData></member>' +
  '<member><User></User><Name>t1</Name><EndPoint><EndpointAddress>http://127.0.0.1:19173/hook</EndpointAddress>' +
  '<EndpointArgs>push-endpoint=http://127.0.0.1:19173/hook</EndpointArgs><EndpointTopic>t1</EndpointTopic>' +
  '<HasStoredSecret>False</HasStoredSecret><Persistent>True</Persistent></EndPoint>' +
  '<TopicArn>arn:aws:sns:default::t1</TopicArn><OpaqueData>x</OpaqueData></member>' +
  '</Topics></ListTopicsResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></ListTopicsResponse>';

describe("RGW's SNS-compatible topic API", () => {
  it('sends CreateTopic with the push endpoint as RGW attributes', () => {
    const form = createTopicForm({
      name: 't1',
      pushEndpoint: 'https://hooks.example.com/s3?a=1',
      verifySsl: false,
      persistent: true,
    });
    expect(Object.fromEntries(form)).toEqual({
      Action: 'CreateTopic',
      Version: '2010-03-31',
      Name: 't1',
      'Attributes.entry.1.key': 'push-endpoint',
      'Attributes.entry.1.value': 'https://hooks.example.com/s3?a=1',
      'Attributes.entry.2.key': 'verify-ssl',
      'Attributes.entry.2.value': 'false',
      'Attributes.entry.3.key': 'persistent',
      'Attributes.entry.3.value': 'true',
    });
  });

  it('reads ListTopics, and the console lists the topics without the per-subscription copies', () => {
    const topics = parseListTopics(listed);
    expect(topics.map((t) => t.name)).toEqual(['n1_t1', 't1']);
    expect(userTopics(topics)).toEqual([
      {
        name: 't1',
        arn: 'arn:aws:sns:default::t1',
        pushEndpoint: 'http://127.0.0.1:19173/hook',
        persistent: true,
      },
    ]);
    const empty =
      '<ListTopicsResponse><ListTopicsResult><Topics></Topics></ListTopicsResult></ListTopicsResponse>';
    expect(parseListTopics(empty)).toEqual([]);
  });

  it('an answer that is not a topic list (another server) is an error, not an empty list', () => {
    expect(() =>
      parseListTopics('<ErrorResponse><Error><Code>InvalidParameterValue</Code></Error></ErrorResponse>'),
    ).toThrow(/no topic list/);
    expect(
      parseCreateTopic(
        '<CreateTopicResponse><CreateTopicResult><TopicArn>arn:aws:sns:default::t1</TopicArn></CreateTopicResult></CreateTopicResponse>',
      ),
    ).toBe('arn:aws:sns:default::t1');
  });
});
