// SPDX-License-Identifier: Apache-2.0
import type { TargetModule } from './target.js';

/**
 * The ten target types: config set, MinIO's target name (the last part of the ARN and of the id
 * `<type>:<id>`), and the module delivering to it — loaded on first use, so a store without, say, a
 * Kafka target never loads kafkajs.
 */
export interface TargetType {
  readonly subSys: string;
  readonly name: string;
  load(): Promise<TargetModule>;
}

export const TARGET_TYPES: readonly TargetType[] = [
  {
    subSys: 'notify_webhook',
    name: 'webhook',
    load: async () => (await import('./targets/webhook.js')).webhook,
  },
  { subSys: 'notify_amqp', name: 'amqp', load: async () => (await import('./targets/amqp.js')).amqp },
  { subSys: 'notify_kafka', name: 'kafka', load: async () => (await import('./targets/kafka.js')).kafka },
  { subSys: 'notify_mqtt', name: 'mqtt', load: async () => (await import('./targets/mqtt.js')).mqtt },
  { subSys: 'notify_nats', name: 'nats', load: async () => (await import('./targets/nats.js')).nats },
  { subSys: 'notify_nsq', name: 'nsq', load: async () => (await import('./targets/nsq.js')).nsq },
  { subSys: 'notify_mysql', name: 'mysql', load: async () => (await import('./targets/mysql.js')).mysql },
  {
    subSys: 'notify_postgres',
    name: 'postgresql',
    load: async () => (await import('./targets/postgres.js')).postgres,
  },
  {
    subSys: 'notify_elasticsearch',
    name: 'elasticsearch',
    load: async () => (await import('./targets/elasticsearch.js')).elasticsearch,
  },
  { subSys: 'notify_redis', name: 'redis', load: async () => (await import('./targets/redis.js')).redis },
];

/** MinIO's id of a config target: the target name, `_` for the default target. */
export function targetId(configTarget: string): string {
  return configTarget || '_';
}

/** `arn:minio:sqs:<region>:<id>:<type>` (MinIO's ARN of a notification target). */
export function targetArn(region: string, id: string, typeName: string): string {
  return `arn:minio:sqs:${region}:${id}:${typeName}`;
}
