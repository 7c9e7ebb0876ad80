// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { api } from './api.js';
import { auditWebhookSet } from './audit-webhook.js';
import { compressionSet } from './compression.js';
import { heal } from './heal.js';
import { identityLdap } from './identity-ldap.js';
import { identityOpenid } from './identity-openid.js';
import { identityPlugin } from './identity-plugin.js';
import { identityTls } from './identity-tls.js';
import { loggerWebhookSet } from './logger-webhook.js';
import { notifyAmqp } from './notify-amqp.js';
import { notifyElasticsearch } from './notify-elasticsearch.js';
import { notifyKafka } from './notify-kafka.js';
import { notifyMqtt } from './notify-mqtt.js';
import { notifyMysql } from './notify-mysql.js';
import { notifyNats } from './notify-nats.js';
import { notifyNsq } from './notify-nsq.js';
import { notifyPostgres } from './notify-postgres.js';
import { notifyRedis } from './notify-redis.js';
import { notifyWebhook } from './notify-webhook.js';
import { policyPlugin } from './policy-plugin.js';
import { regionSet } from './region.js';
import { scanner } from './scanner.js';
import { siteSet } from './site.js';
import { storageClassSet } from './storage-class.js';
import { UNSUPPORTED_SETS } from './unsupported.js';

/**
 * Every config set the store knows, in help order (one file per set in this folder). Sets the store does
 * not implement are listed too, with their `unsupported` reason.
 */
export const ALL_SETS: readonly ConfigSetDef[] = [
  siteSet,
  regionSet,
  compressionSet,
  storageClassSet,
  loggerWebhookSet,
  auditWebhookSet,
  api,
  scanner,
  heal,
  identityOpenid,
  identityLdap,
  identityPlugin,
  policyPlugin,
  identityTls,
  notifyWebhook,
  notifyAmqp,
  notifyKafka,
  notifyMqtt,
  notifyNats,
  notifyNsq,
  notifyMysql,
  notifyPostgres,
  notifyElasticsearch,
  notifyRedis,
  ...UNSUPPORTED_SETS,
];
