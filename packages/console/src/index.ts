// SPDX-License-Identifier: Apache-2.0
export { buildApp } from './app.js';
export type { AppOptions } from './app-options.js';
export type { AuditStore } from './log-search/audit-rows.js';
export { openAuditStore } from './log-search/open-store.js';
export { registerAuditWebhook } from './log-search/register-webhook.js';
