// SPDX-License-Identifier: Apache-2.0
import type { z } from 'zod';
import { S3Error } from '../../core/errors.js';
import type { SiteReplicationService } from '../../site-replication/service.js';
import type { AdminCall } from '../call.js';

/** The site layer, or NotImplemented in contexts built without it. */
export function siteReplication(call: AdminCall): SiteReplicationService {
  const sr = call.ctx.siteReplication;
  if (!sr) throw new S3Error('NotImplemented', 'site replication is not available on this server');
  return sr;
}

/** A site replication body checked against its schema; XMinioSiteReplicationInvalidRequest naming the problem. */
export function srBody<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    const where = issue?.path.join('.') || 'body';
    throw new S3Error(
      'XMinioSiteReplicationInvalidRequest',
      `invalid request body: ${where}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return r.data;
}

/** The raw body parsed as JSON (any value: `add` sends an array). */
export function parseJsonBody(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch (err) {
    throw new S3Error('XMinioAdminConfigBadJSON', `invalid JSON: ${(err as Error).message}`);
  }
}
