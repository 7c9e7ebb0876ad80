// SPDX-License-Identifier: Apache-2.0
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppOptions } from '../../app-options.js';
import { apiErrors } from '../../errors/api-http-error.js';
import type { TenantAccess } from '../../operator/driver.js';
import { SESSION_COOKIE, sealSession } from '../../session/session-cookie.js';
import type { RouteContext, ZodApp } from '../route-context.js';
import { driverOf } from './operator-route.js';

/** How long the signed-in view of a tenant lasts before the operator's next request renews it. */
const TENANT_SESSION_SECONDS = 3600;

interface TenantConsole {
  app: FastifyInstance;
  /** What it was built for: rebuilt when the tenant's URL or CA changes (TLS turned on, new certs). */
  signature: string;
  access: TenantAccess;
}

/**
 * Manage Tenant and Metrics (spec 3 §7 `/api/proxy/{ns}/{tenant}/…`): this console serves itself for one
 * tenant. Each tenant gets a second console app (`buildApp` with the tenant's S3 URL and CA, built once and
 * kept), and every request under the prefix is handed to it as it arrives — body unread, so uploads
 * stream — with a session made from the tenant's root keys in place of the operator's cookie: the operator
 * is signed in to the tenant without a second login. The inner app strips the prefix itself
 * (`rewriteProxyUrl`) and serves the SPA with it as its base path. Live tools work too: @fastify/websocket
 * routes an upgrade through the same hooks with the socket on the raw request, so the tenant's console
 * upgrades it on its own live routes.
 */
export function registerTenantProxy(app: ZodApp, ctx: RouteContext): void {
  const consoles = new Map<string, Promise<TenantConsole>>();
  const build = ctx.buildConsole;

  async function consoleFor(ns: string, tenant: string): Promise<TenantConsole> {
    const access = await driverOf(ctx).tenantAccess(ns, tenant);
    const signature = `${access.url}\n${access.ca}\n${access.accessKey}`;
    const key = `${ns}/${tenant}`;
    const existing = consoles.get(key);
    if (existing) {
      const c = await existing.catch(() => null);
      if (c && c.signature === signature) return c;
      if (c) await c.app.close();
    }
    if (!build)
      throw apiErrors.notProvided(
        'Manage Tenant is not available',
        'This console was built without the proxy.',
      );
    const options: AppOptions = {
      s3Endpoint: access.url,
      connection: access.ca === '' ? {} : { ca: access.ca },
      sessionKey: ctx.options.sessionKey,
      sessionDurationSeconds: TENANT_SESSION_SECONDS,
      framedBySameOrigin: true,
      ...(ctx.options.webDist ? { webDist: ctx.options.webDist } : {}),
      ...(ctx.options.secureCookies ? { secureCookies: true } : {}),
    };
    const made = build(options).then(async (inner) => {
      await inner.ready();
      return { app: inner, signature, access };
    });
    consoles.set(key, made);
    made.catch(() => consoles.delete(key));
    return made;
  }

  app.addHook('onClose', async () => {
    for (const c of consoles.values()) await (await c.catch(() => null))?.app.close();
  });

  const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const m = /^\/api\/proxy\/([^/?]+)\/([^/?]+)/.exec(request.url);
    if (m === null) throw apiErrors.notFound(`No such resource: ${request.url}`);
    const [ns, tenant] = [decodeURIComponent(m[1] as string), decodeURIComponent(m[2] as string)];
    const target = await consoleFor(ns, tenant);
    const raw = request.raw as IncomingMessage;
    raw.headers.cookie = replaceSessionCookie(
      raw.headers.cookie,
      tenantSession(target.access, ctx.options.sessionKey),
    );
    reply.hijack();
    keepOperatorCookie(reply.raw);
    target.app.routing(raw, reply.raw);
  };

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH'],
    url: '/api/proxy/:ns/:tenant/*',
    schema: { hide: true },
    onRequest: forward,
    handler: async () => undefined,
  });
  app.route({
    method: ['GET', 'HEAD'],
    url: '/api/proxy/:ns/:tenant',
    schema: { hide: true },
    onRequest: forward,
    handler: async () => undefined,
  });
}

/** A session of the tenant's root (its own keys, sealed like any console session). */
function tenantSession(access: TenantAccess, key: Buffer): string {
  return sealSession(
    {
      accessKey: access.accessKey,
      secretKey: access.secretKey,
      sessionToken: '',
      expiresAt: Date.now() + TENANT_SESSION_SECONDS * 1000,
      accountName: access.accessKey,
      builtinUser: false,
      mode: 'keys',
    },
    key,
  );
}

function replaceSessionCookie(header: string | undefined, value: string): string {
  const others = (header ?? '')
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c !== '' && !c.startsWith(`${SESSION_COOKIE}=`));
  return [...others, `${SESSION_COOKIE}=${value}`].join('; ');
}

/**
 * The tenant's console never sets cookies in the operator's browser: its session is made anew on every
 * request, and its sign-out must not end the operator's own session (same cookie name, same path).
 */
function keepOperatorCookie(res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    res.removeHeader('set-cookie');
    for (const a of args) {
      if (typeof a === 'object' && a !== null && !Array.isArray(a))
        delete (a as Record<string, unknown>)['set-cookie'];
    }
    return writeHead(...args);
  }) as ServerResponse['writeHead'];
}
