// SPDX-License-Identifier: Apache-2.0
import type { FastifyRequest } from 'fastify';
import { apiErrors } from '../errors/api-http-error.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the cookie session. The cookie is SameSite=Strict, which already keeps browsers from
 * sending it on cross-site requests; this hook adds a server-side check that does not depend on the
 * browser's cookie policy: an unsafe request (not GET/HEAD/OPTIONS) to `/api/` is refused when the
 * browser says it comes from another site — `Sec-Fetch-Site` other than `same-origin`/`none` (sent by
 * every current browser), or, when that header is absent, an `Origin` whose host differs from the
 * request's `Host`. Requests with neither header are not from a browser page (curl, SDKs, tests) and pass;
 * they cannot ride on a victim's cookie. No token round trip is needed, so the SPA and outside API
 * clients stay simple. The check covers login too (login CSRF would sign a victim into an attacker's
 * account), and every WebSocket handshake (a GET, but a page on another site must not open a live trace
 * with the victim's session: cross-site WebSocket hijacking).
 */
export async function refuseCrossSiteRequests(request: FastifyRequest): Promise<void> {
  const websocket = header(request, 'upgrade')?.toLowerCase() === 'websocket';
  if (!websocket && (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/'))) return;
  const fetchSite = header(request, 'sec-fetch-site');
  if (fetchSite !== undefined) {
    if (fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw apiErrors.crossSite(
        `Requests from another site (Sec-Fetch-Site: ${fetchSite}) may not change anything.`,
      );
    }
    return;
  }
  const origin = header(request, 'origin');
  if (origin === undefined) return;
  const host = header(request, 'x-forwarded-host')?.split(',')[0]?.trim() ?? header(request, 'host');
  let originHost: string | null = null;
  try {
    originHost = origin === 'null' ? null : new URL(origin).host;
  } catch {
    originHost = null;
  }
  if (originHost === null || host === undefined || originHost.toLowerCase() !== host.toLowerCase()) {
    throw apiErrors.crossSite(`Requests from ${origin} may not change anything on this console.`);
  }
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s === '' ? undefined : s;
}
