// SPDX-License-Identifier: Apache-2.0
import { signRequest } from '@stowage/madmin';
import { XMLParser } from 'fast-xml-parser';
import { errorCode, type RgwAdminClientOptions, RgwAdminError } from './rgw-admin-client.js';

/** One topic as RGW's `ListTopics` / `GetTopicAttributes` describe it. */
export interface RgwTopic {
  name: string;
  arn: string;
  /** Where RGW pushes the events (`http://…`, `amqp://…`, `kafka://…`); empty for a pull topic. */
  pushEndpoint: string;
  opaqueData: string;
  persistent: boolean;
}

/** What `CreateTopic` is given; the attributes are RGW's (Ceph docs, "Bucket Notifications": CreateTopic). */
export interface CreateTopicInput {
  name: string;
  pushEndpoint: string;
  /** `verify-ssl=false` for an HTTPS endpoint with a self-signed certificate. */
  verifySsl?: boolean;
  opaqueData?: string;
  /** RGW queues the events of a persistent topic and delivers them after the request answered. */
  persistent?: boolean;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'member',
});

type Xml = Record<string, unknown>;
const obj = (v: unknown): Xml => (v !== null && typeof v === 'object' ? (v as Xml) : {});
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A topic element of ListTopics (`member`) or of GetTopicAttributes (`Topic`). */
function topicFrom(raw: Xml): RgwTopic {
  const endpoint = obj(raw.EndPoint);
  return {
    name: str(raw.Name),
    arn: str(raw.TopicArn),
    pushEndpoint: str(endpoint.EndpointAddress),
    opaqueData: str(raw.OpaqueData),
    persistent: str(endpoint.Persistent).toLowerCase() === 'true',
  };
}

/** The topics of a `ListTopicsResponse`; throws when the answer is something else. */
export function parseListTopics(xml: string): RgwTopic[] {
  const root = obj(parser.parse(xml)).ListTopicsResponse;
  if (root === undefined) throw new RgwAdminError(200, 'NotImplemented', 'ListTopics answered no topic list');
  const members = obj(obj(obj(root).ListTopicsResult).Topics).member;
  return (Array.isArray(members) ? members : []).map((m) => topicFrom(obj(m)));
}

/** The ARN of a `CreateTopicResponse`. */
export function parseCreateTopic(xml: string): string {
  const arn = str(obj(obj(obj(parser.parse(xml)).CreateTopicResponse).CreateTopicResult).TopicArn);
  if (arn === '') throw new RgwAdminError(200, 'NotImplemented', 'CreateTopic answered no TopicArn');
  return arn;
}

/** The form fields of one topic call (Ceph docs: SNS-compatible API, `Version=2010-03-31`). */
export function topicForm(
  action: 'ListTopics' | 'CreateTopic' | 'DeleteTopic',
  fields: Record<string, string> = {},
): URLSearchParams {
  return new URLSearchParams({ Action: action, Version: '2010-03-31', ...fields });
}

/** CreateTopic's fields: the name and RGW's attributes as `Attributes.entry.N.key/value`. */
export function createTopicForm(input: CreateTopicInput): URLSearchParams {
  const attrs: Array<[string, string]> = [['push-endpoint', input.pushEndpoint]];
  if (input.verifySsl === false) attrs.push(['verify-ssl', 'false']);
  if (input.opaqueData) attrs.push(['OpaqueData', input.opaqueData]);
  if (input.persistent) attrs.push(['persistent', 'true']);
  const fields: Record<string, string> = { Name: input.name };
  attrs.forEach(([key, value], i) => {
    fields[`Attributes.entry.${i + 1}.key`] = key;
    fields[`Attributes.entry.${i + 1}.value`] = value;
  });
  return topicForm('CreateTopic', fields);
}

/** The gateway and the keys that sign, as for the Admin Ops client. */
export type RgwTopicsClientOptions = Omit<RgwAdminClientOptions, 'signal'>;

/**
 * RGW's SNS-compatible topic API (issue 36): form-encoded `POST /` on the gateway, signed with SigV4 for
 * service `sns` by the session's own keys. Topics belong to the signing user's tenant.
 */
export class RgwTopicsClient {
  constructor(private readonly options: RgwTopicsClientOptions) {}

  /** Posts one form; a non-2xx answer rejects with {@link RgwAdminError} (RGW's code, XML). */
  async post(form: URLSearchParams, signal?: AbortSignal): Promise<string> {
    const o = this.options;
    const url = new URL('/', o.endpoint);
    const body = form.toString();
    const headers = signRequest({
      method: 'POST',
      url,
      accessKey: o.accessKey,
      secretKey: o.secretKey,
      sessionToken: o.sessionToken,
      region: o.region,
      service: 'sns',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const res = await (o.fetch ?? fetch)(url, { method: 'POST', headers, body, signal });
    const text = await res.text();
    if (!res.ok) {
      const code = errorCode(text) || `HTTP ${res.status}`;
      const action = form.get('Action') ?? '';
      throw new RgwAdminError(res.status, code, `${action} answered ${res.status} ${code}`);
    }
    return text;
  }

  async listTopics(signal?: AbortSignal): Promise<RgwTopic[]> {
    return parseListTopics(await this.post(topicForm('ListTopics'), signal));
  }

  /** Creates the topic (or updates one of that name) and answers its ARN. */
  async createTopic(input: CreateTopicInput): Promise<string> {
    return parseCreateTopic(await this.post(createTopicForm(input)));
  }

  async deleteTopic(arn: string): Promise<void> {
    await this.post(topicForm('DeleteTopic', { TopicArn: arn }));
  }
}
