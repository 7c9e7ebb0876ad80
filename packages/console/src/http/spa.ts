// SPDX-License-Identifier: Apache-2.0
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { basePathOf } from './base-path.js';

/** Vite puts content-hashed files under assets/, so they never change under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated; index.html is never
 * cached and is served for every client route (any GET outside /api and /ws that is not a file), with
 * `<base href>` set to the proxy base path of the request (spec 1 §2.1) so relative asset URLs and the
 * router work under `/api/proxy/...` as well as at `/`.
 */
export async function registerSpa(app: FastifyInstance, webDist: string): Promise<void> {
  const root = path.resolve(webDist);
  await app.register(fastifyStatic, {
    root,
    index: false,
    cacheControl: false,
    // index.html (and folders such as `/`) go through `sendIndex`, so the base href is right.
    allowedPath: (pathname) => pathname !== '/index.html' && !pathname.endsWith('/'),
    setHeaders: (reply, filePath) => {
      const rel = path.relative(root, filePath).split(path.sep);
      reply.header('Cache-Control', rel[0] === 'assets' ? IMMUTABLE : 'no-cache');
    },
  });
}

/** True when a request that found no route should get the SPA shell. */
export function wantsSpa(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0] ?? '';
  // API, live channels and missing hashed files are real 404s, not client routes.
  return !/^\/(api|ws|assets)(\/|$)/.test(pathname);
}

export async function sendIndex(
  request: FastifyRequest,
  reply: FastifyReply,
  webDist: string,
): Promise<void> {
  let html: string;
  try {
    html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  } catch {
    reply.code(404).type('text/plain; charset=utf-8').header('Cache-Control', 'no-cache');
    await reply.send('The web app is not built: run `npm run build`.');
    return;
  }
  const base = `${basePathOf(request.raw)}/`;
  const tag = `<base href="${escapeAttribute(base)}" />`;
  html = /<base\s[^>]*>/i.test(html)
    ? html.replace(/<base\s[^>]*>/i, tag)
    : html.replace(/<head>/i, `<head>${tag}`);
  reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
  await reply.send(html);
}

function escapeAttribute(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
