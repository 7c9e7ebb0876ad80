// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import { Kafka, type Producer, type SASLOptions } from 'kafkajs';
import { isOn } from '../../config/registry.js';
import { eventMessage, lazyConnection, type TargetModule } from '../target.js';

/**
 * `notify_kafka`: each event produced as JSON to `topic` (message key `<bucket>/<object>`), acknowledged
 * by all in-sync replicas. SASL (plain, scram-sha256, scram-sha512) and TLS as configured.
 */
export const kafka: TargetModule = {
  atomicBatch: false,
  validate(v) {
    if (!v.brokers) return "'brokers' is required";
    if (!v.topic) return "'topic' is required";
    const mechanism = (v.sasl_mechanism || 'plain').toLowerCase();
    if (
      isOn(v.sasl) &&
      !['plain', 'sha256', 'sha512', 'scram-sha-256', 'scram-sha-512'].includes(mechanism)
    ) {
      return `unsupported sasl_mechanism '${v.sasl_mechanism}'`;
    }
    return undefined;
  },
  open(v) {
    const brokers = (v.brokers ?? '')
      .split(',')
      .map((b) => b.trim())
      .filter(Boolean);
    const mechanism = (v.sasl_mechanism || 'plain').toLowerCase();
    const sasl: SASLOptions | undefined = isOn(v.sasl)
      ? mechanism.includes('512')
        ? { mechanism: 'scram-sha-512', username: v.sasl_username ?? '', password: v.sasl_password ?? '' }
        : mechanism.includes('256')
          ? { mechanism: 'scram-sha-256', username: v.sasl_username ?? '', password: v.sasl_password ?? '' }
          : { mechanism: 'plain', username: v.sasl_username ?? '', password: v.sasl_password ?? '' }
      : undefined;
    const tls = isOn(v.tls)
      ? {
          rejectUnauthorized: !isOn(v.tls_skip_verify),
          ...(v.client_tls_cert && v.client_tls_key
            ? { cert: readFileSync(v.client_tls_cert), key: readFileSync(v.client_tls_key) }
            : {}),
        }
      : undefined;
    const client = new Kafka({
      clientId: 'stowage',
      brokers,
      connectionTimeout: 5000,
      retry: { retries: 0 },
      logLevel: 0,
      ...(sasl ? { sasl } : {}),
      ...(tls ? { ssl: tls } : {}),
    });
    const conn = lazyConnection<Producer>(
      async () => {
        const producer = client.producer({ allowAutoTopicCreation: true });
        await producer.connect();
        return producer;
      },
      (p) => p.disconnect(),
    );
    return {
      send: (events) =>
        conn.with(async (p) => {
          await p.send({
            topic: v.topic ?? '',
            acks: -1,
            messages: events.map((e) => ({ key: e.key, value: eventMessage(e) })),
          });
        }),
      probe: () => conn.with(async () => undefined),
      close: () => conn.reset(),
    };
  },
};
