// SPDX-License-Identifier: Apache-2.0
import type { ConfigStore } from '../config/registry.js';
import type { ObjectEventBus } from '../events/object-events.js';
import type { TraceBus } from '../events/trace-events.js';
import type { IamSystem } from '../iam/index.js';
import type { Kms } from '../kms/kms.js';
import type { StoreLog } from '../log/store-log.js';
import type { WebhookStatusSource } from '../logging/webhooks.js';
import type { NotificationSystem } from '../notify/notification-system.js';
import type { ObjectLayer } from '../object-layer/types.js';
import type { ReplicationService } from '../replication/service.js';
import type { SiteReplicationService } from '../site-replication/service.js';
import type { IlmProgressSource } from './ilm-progress.js';
import type { ServiceActionHook, StoreOptions } from './options.js';
import type { TierAdmin } from './tiers.js';
import type { UsageScanner } from './usage.js';

/**
 * Everything a request handler (S3, admin, STS) needs from the running store. `startStore` builds the
 * services first and then this context once, with every dependency explicit; handlers only read it.
 * Only `url` changes afterwards: it is known once the server listens (port 0 picks a free port); `region`
 * follows the configuration in effect.
 */
export interface StoreContext {
  readonly layer: ObjectLayer;
  readonly iam: IamSystem;
  readonly options: StoreOptions;
  readonly startedAt: Date;
  /**
   * Region the store reports (GetBucketLocation, HeadBucket, admin info) and SigV4 enforces: the `region`
   * set in effect, else `StoreOptions.region`, else 'us-east-1' (`config/region.ts` effectiveRegion).
   */
  readonly region: string;
  /** The configuration registry: values in effect, appliers, and the admin config API's store. */
  readonly config: ConfigStore;
  /** The public base URL, e.g. `http://127.0.0.1:9000` (real port once listening). */
  url: string;
  /** Stable id of this deployment (kept in the system store). */
  readonly deploymentId: string;
  /** Virtual-host domains (`bucket.<domain>`), lower-case. */
  readonly domains: string[];
  /** Bucket usage: hard-quota enforcement (S3) and the admin usage/info calls. */
  readonly usage: UsageScanner;
  /** Finished requests, for admin trace. */
  readonly trace: TraceBus;
  /**
   * Logger and audit webhook targets with their online state and queue length (admin server info's
   * `services.logger` / `services.audit`, the console's webhook pages).
   */
  readonly webhooks: WebhookStatusSource;
  /** Committed object changes: bucket notifications (ListenBucketNotification) and the usage scanner. */
  readonly events: ObjectEventBus;
  /** The server's own log (drive state, background failures, internal errors), for admin `log`. */
  readonly log: StoreLog;
  /** Aborted when close() begins: long-lived streams (admin trace) end then, so the drain need not wait. */
  readonly shutdown: AbortSignal;
  /**
   * Handler of admin `service?action=restart|stop|…` given by the embedding process
   * (`StoreOptions.onServiceAction`); null when none was, and the admin API answers NotImplemented.
   */
  readonly onServiceAction: ServiceActionHook | null;
  /** Bucket event notifications: targets, their status, and delivery of object events to them. */
  readonly notify?: NotificationSystem;
  /**
   * Bucket replication: remote targets, rules and the engine (`replication/`). Absent in contexts
   * built without it (function-level test harnesses): replication calls answer NotImplemented there.
   */
  readonly replication?: ReplicationService;
  /** Site replication (`site-replication/`): the sites, peer queues and managed rules; absent like `replication`. */
  readonly siteReplication?: SiteReplicationService;
  /** The KMS that seals object keys (SSE-S3, SSE-KMS) and answers MinIO's admin KMS calls. */
  readonly kms: Kms;
  /** Remote tiers (lifecycle transition targets); absent when the store runs without them. */
  readonly tiers?: TierAdmin;
  /** The lifecycle pass's progress (admin metrics, scanner). */
  readonly ilm?: IlmProgressSource;
}
