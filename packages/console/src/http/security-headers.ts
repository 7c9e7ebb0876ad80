// SPDX-License-Identifier: Apache-2.0
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response (issue 5): a CSP that allows only this origin (images and media
 * also from `blob:` for object previews, `data:` images for icons; inline styles because MUI/emotion
 * injects style tags), `frame-ancestors 'none'` against clickjacking, nosniff and a strict referrer
 * policy. HSTS and upgrade-insecure-requests only under TLS: on plain HTTP they would break the console.
 * A tenant's console behind the operator's proxy (`framedBySameOrigin`) may be framed by this origin only.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  secure: boolean,
  framedBySameOrigin = false,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'blob:', 'data:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [framedBySameOrigin ? "'self'" : "'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: secure ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: framedBySameOrigin ? 'sameorigin' : 'deny' },
    crossOriginEmbedderPolicy: false,
  });
}
