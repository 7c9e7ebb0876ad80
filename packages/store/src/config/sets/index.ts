import type { ConfigSetDef } from '../registry.js';
import { auditWebhookSet } from './audit-webhook.js';
import { loggerWebhookSet } from './logger-webhook.js';
import { regionSet } from './region.js';

/**
 * Every config set the store knows, in help order (one file per set in this folder). Sets the store does
 * not implement are listed too, with their `unsupported` reason.
 */
export const ALL_SETS: readonly ConfigSetDef[] = [regionSet, loggerWebhookSet, auditWebhookSet];
