import type { ConfigSetDef } from '../registry.js';
import { auditWebhookSet } from './audit-webhook.js';
import { loggerWebhookSet } from './logger-webhook.js';

/** Every config set the store knows, in help order (one file per set in this folder). */
export const ALL_SETS: readonly ConfigSetDef[] = [loggerWebhookSet, auditWebhookSet];
