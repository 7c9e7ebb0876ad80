// SPDX-License-Identifier: Apache-2.0
import { hasCapability } from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as Minio from 'minio';
import { createAdminClient, createS3Client } from '../clients/store-clients.js';
import type { StoreEndpoint } from '../clients/store-endpoint.js';
import { type ApiHttpError, apiErrors } from '../errors/api-http-error.js';
import { openSession, SESSION_COOKIE, type SessionPayload } from './session-cookie.js';

/** The signed-in caller, with clients that act with *their* STS credentials (never the console's own). */
export interface ConsoleSession {
  readonly credentials: SessionPayload;
  /** Name shown as the signed-in user; used for `${aws:username}` in policies. */
  readonly accountName: string;
  readonly s3: Minio.Client;
  readonly admin: MadminClient;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; reading it throws 401 when the cookie is missing, forged or expired. */
    readonly session: ConsoleSession;
  }
}

const kSession = Symbol('stowage.session');
type WithSession = FastifyRequest & { [kSession]?: ConsoleSession };

/** Attributes of the session cookie. */
export interface SessionCookieOptions {
  httpOnly: true;
  sameSite: 'strict';
  path: '/';
  secure: boolean;
  maxAge?: number;
}

/** Options of the session cookie (issue 5: HttpOnly, SameSite=Strict, Secure under TLS). */
export function sessionCookieOptions(secure: boolean, maxAgeSeconds?: number): SessionCookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure,
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
  };
}

/**
 * Decorates every request with a lazy `session`: the cookie is opened on first read and the S3/admin
 * clients are built on first use, so routes that need only one of them pay for nothing else.
 */
export function registerSession(app: FastifyInstance, endpoint: StoreEndpoint, sessionKey: Buffer): void {
  app.decorateRequest('session', {
    getter(this: FastifyRequest): ConsoleSession {
      const self = this as WithSession;
      const cached = self[kSession];
      if (cached !== undefined) return cached;
      const token = this.cookies[SESSION_COOKIE];
      if (token === undefined || token === '') throw apiErrors.unauthorized();
      const credentials = openSession(token, sessionKey);
      if (credentials === null) throw apiErrors.unauthorized('The session is not valid. Sign in again.');
      if (credentials.expiresAt <= Date.now()) throw apiErrors.sessionExpired();
      let s3: Minio.Client | undefined;
      let admin: MadminClient | undefined;
      const session: ConsoleSession = {
        credentials,
        accountName: credentials.accountName,
        get s3() {
          s3 ??= createS3Client(endpoint, credentials);
          return s3;
        },
        get admin() {
          if (!hasCapability(credentials.caps, 'admin')) throw adminApiAbsent(endpoint);
          admin ??= createAdminClient(endpoint, credentials);
          return admin;
        },
      };
      self[kSession] = session;
      return session;
    },
  });
}

/** The answer of every call that needs MinIO's admin API on a server that has none (issue 24). */
export function adminApiAbsent(endpoint: StoreEndpoint): ApiHttpError {
  return apiErrors.notProvided(
    "This server does not provide MinIO's admin API",
    `${endpoint.url} did not answer MinIO's admin API (/minio/admin/v3) when you signed in, so users, groups, policies, access keys, settings, server information and live tools are not available here: manage them with the server's own tools.`,
  );
}

/** onRequest hook of the signed-in scope: fails with 401 before any body is read. */
export async function requireSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  void request.session;
}
