// SPDX-License-Identifier: Apache-2.0
import type { IncomingMessage } from 'node:http';
import { proxyBasePath } from '@stowage/contracts';

const kBasePath = Symbol('stowage.basePath');

type WithBase = IncomingMessage & { [kBasePath]?: string };

/**
 * Fastify `rewriteUrl`: a request under `/api/proxy/<namespace>/<tenant>/...` (spec 1 §2.1: "the router
 * base path and every API path use the first segments of that prefix") is served as if the prefix were
 * not there, for the API and the SPA's files alike. The prefix is remembered on the raw request so the
 * SPA's `<base href>` can reflect it.
 */
export function rewriteProxyUrl(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const base = proxyBasePath(url.split('?', 1)[0] ?? url);
  if (base === '') return url;
  (req as WithBase)[kBasePath] = base;
  const rest = url.slice(base.length);
  return rest === '' || rest.startsWith('?') ? `/${rest}` : rest;
}

/** The base path the browser used for this request ('' when served at the root). */
export function basePathOf(req: IncomingMessage): string {
  return (req as WithBase)[kBasePath] ?? '';
}
