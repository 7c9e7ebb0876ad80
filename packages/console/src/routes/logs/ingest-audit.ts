// SPDX-License-Identifier: Apache-2.0
import { timingSafeEqual } from 'node:crypto';
import { apiPaths } from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import { type AuditRow, type AuditStore, auditRow } from '../../log-search/audit-rows.js';
import type { ZodApp } from '../route-context.js';

/** A batch of audit records may be this large (MinIO batches up to 100 records by default). */
const MAX_BATCH_BYTES = 16 * 1024 * 1024;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The records of a webhook body: one JSON document, or one per line (a batch). */
export function auditRowsOf(body: string): AuditRow[] {
  const rows: AuditRow[] = [];
  for (const line of body.split('\n')) {
    const text = line.trim();
    if (text === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw apiErrors.badRequest('The body must be audit records as JSON, one per line.');
    }
    const row = auditRow(value);
    if (row) rows.push(row);
  }
  return rows;
}

/**
 * `POST /api/v1/logs/audit-ingest`: where the server's `audit_webhook` posts (MinIO's audit entries,
 * one JSON document or newline-separated ones). The webhook's `auth_token` must be the console's log
 * search token (as given, or after `Bearer `); entries that are not audit records are skipped. The
 * records are kept in one transaction before the answer, so the server's queue resends what was not
 * acknowledged.
 */
export function registerIngestAudit(app: ZodApp, store: AuditStore, token: string): void {
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: MAX_BATCH_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(apiPaths.logSearchIngest, { schema: { hide: true } }, async (request, reply) => {
      const auth = request.headers.authorization ?? '';
      if (!sameSecret(auth, token) && !sameSecret(auth, `Bearer ${token}`)) {
        throw apiErrors.unauthorized(
          'The audit webhook must send the console log search token as its auth_token.',
        );
      }
      await store.insert(auditRowsOf(typeof request.body === 'string' ? request.body : ''));
      return reply.code(204).send();
    });
  });
}
