// SPDX-License-Identifier: Apache-2.0
import { apiPaths, auditSearchQuerySchema, auditSearchResponseSchema, pagePaths } from '@stowage/contracts';
import { apiErrors } from '../../errors/api-http-error.js';
import { type AuditStore, auditRecord, parseFilters } from '../../log-search/audit-rows.js';
import type { RouteContext, ZodApp } from '../route-context.js';

/**
 * `GET /api/v1/logs/search` (spec 3 §7, Audit Logs): audit records filtered by `fp=field:value`, in a time
 * range, newest or oldest first, one page at a time. Audit records show every user's requests, so the
 * caller needs what the Logs page needs (admin:ConsoleLog). Without log search it answers 501 saying how to
 * turn it on.
 */
export function registerSearchLogs(app: ZodApp, ctx: RouteContext, store: AuditStore | null): void {
  app.get(
    apiPaths.logSearch,
    {
      schema: {
        tags: ['logs'],
        querystring: auditSearchQuerySchema,
        response: { 200: auditSearchResponseSchema },
      },
    },
    async (request) => {
      if (store === null) {
        throw apiErrors.notProvided(
          'Audit log search is off',
          'Log search keeps the records of the server\'s audit webhook; with an external MinIO set CONSOLE_LOG_SEARCH_TOKEN and point its audit_webhook at the console (README "Audit log search").',
        );
      }
      const { session } = await ctx.identities.get(request.session);
      if (!session.pages.includes(pagePaths.logs)) {
        throw apiErrors.forbidden('Searching the audit log needs the admin:ConsoleLog permission.');
      }
      const q = request.query;
      const rows = await store.search({
        filters: parseFilters(q.fp),
        pageSize: q.pageSize,
        pageNo: q.pageNo,
        order: q.order,
        ...(q.timeStart ? { timeStart: q.timeStart } : {}),
        ...(q.timeEnd ? { timeEnd: q.timeEnd } : {}),
      });
      return { results: rows.map(auditRecord) };
    },
  );
}
