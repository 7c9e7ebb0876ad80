// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';

/**
 * MinIO's config sets this store does not implement. They are listed (so a console written for MinIO
 * sees the same catalogue) with the reason, and saving one is refused with that reason. MinIO's hidden
 * `credentials` set is not listed: root credentials come from the store's start options.
 */
function unsupportedSet(
  subSys: string,
  description: string,
  reason: string,
  multipleTargets = false,
): ConfigSetDef {
  return { subSys, description, multipleTargets, keys: [], apply: 'restart', unsupported: reason };
}

export const UNSUPPORTED_SETS: readonly ConfigSetDef[] = [
  unsupportedSet(
    'etcd',
    'persist IAM assets externally to etcd',
    'the embedded store is a single node: no etcd federation; IAM data is kept on its own drives',
  ),
  unsupportedSet(
    'cache',
    'add caching storage tier',
    'the embedded store has no caching tier: objects are served from its drives',
  ),
  unsupportedSet(
    'subnet',
    'register the cluster to MinIO SUBNET',
    'the embedded store is not MinIO and cannot register with MinIO SUBNET',
  ),
  unsupportedSet(
    'callhome',
    'enable callhome to MinIO SUBNET',
    'the embedded store sends no diagnostics to MinIO SUBNET',
  ),
  unsupportedSet(
    'policy_opa',
    '[DEPRECATED] enable external OPA for policy enforcement',
    'policies are evaluated by the built-in IAM engine; external OPA is not supported',
  ),
  unsupportedSet(
    'audit_kafka',
    'send audit logs to kafka endpoints',
    'no Kafka client in the embedded store: send audit records to an HTTP endpoint with audit_webhook',
    true,
  ),
];
