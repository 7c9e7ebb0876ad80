// SPDX-License-Identifier: Apache-2.0
import { proxyBasePath } from '@stowage/contracts';

/**
 * Where the app lives under the host (spec 1 §2.1). When it is served under an `/api/proxy/...` prefix
 * (operator mode embeds a tenant's console at `/api/proxy/{namespace}/{tenant}/`), the router base path and
 * every API path use the first segments of that prefix. Otherwise the `<base href>` the backend writes into
 * index.html decides, which is `/` for a plain deployment.
 *
 * Returned without a trailing slash: '' for the root, '/api/proxy/ns/tenant' under a proxy.
 */
export function getBasePath(location: Pick<Location, 'pathname'> = window.location): string {
  const proxy = proxyBasePath(location.pathname);
  if (proxy) return proxy;
  return new URL(document.baseURI).pathname.replace(/\/+$/, '');
}

/** Joins the base path and an app path and collapses double slashes (spec 1 §7 "one wrapper"). */
export function withBasePath(path: string, base: string = getBasePath()): string {
  return `${base}/${path}`.replace(/\/{2,}/g, '/');
}
