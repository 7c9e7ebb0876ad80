// SPDX-License-Identifier: Apache-2.0
import { apiPaths } from '@stowage/contracts';
import { MadminClient } from '@stowage/madmin';
import { type AuditStore, type LocalAuditRecord, localAuditRows } from './audit-rows.js';

/** The name of the audit webhook target the console registers on the embedded store. */
export const CONSOLE_AUDIT_TARGET = 'console';

/** The console's ingest URL, where the store's `audit_webhook:console` sends. */
export function auditIngestEndpoint(consoleUrl: string): string {
  return `${consoleUrl.replace(/\/+$/, '')}${apiPaths.logSearchIngest}`;
}

/**
 * Points the embedded store's `audit_webhook:console` at this console's ingest path with the log search
 * token (root's credentials, the console owns that store). Records go in batches of up to 100 — in this
 * process, through the store's `receiveWebhook` (main.ts), when the store runs in it.
 */
export async function registerAuditWebhook(opts: {
  storeUrl: string;
  rootUser: string;
  rootPassword: string;
  consoleUrl: string;
  token: string;
}): Promise<void> {
  const admin = new MadminClient({
    endpoint: opts.storeUrl,
    accessKey: opts.rootUser,
    secretKey: opts.rootPassword,
  });
  const endpoint = auditIngestEndpoint(opts.consoleUrl);
  await admin.setConfigKV(
    `audit_webhook:${CONSOLE_AUDIT_TARGET} enable=on endpoint=${endpoint} auth_token=${opts.token} batch_size=100`,
  );
}

/**
 * The embedded store's audit records come to the log search in this process: no loopback HTTP, rows
 * built from the records' fields (the ingest route stays for other servers). The audit store's commits
 * are durable (AuditStore.insert), so the store hands records to it without its durable queue first; a
 * refused batch waits in that queue and is sent again. Returns how to stop.
 */
export function receiveAuditInProcess(
  /** The embedded store's handle (main.ts): only its `receiveWebhook`, so nothing here imports the store. */
  store: {
    receiveWebhook(
      endpoint: string,
      token: string,
      receiver: (records: LocalAuditRecord[]) => Promise<void>,
      opts: { durable: boolean },
    ): () => void;
  },
  endpoint: string,
  token: string,
  auditStore: AuditStore,
): () => void {
  return store.receiveWebhook(endpoint, token, (records) => auditStore.insert(localAuditRows(records)), {
    durable: true,
  });
}
