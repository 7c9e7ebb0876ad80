// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  hasCapability,
  type ServerLicenseResponse,
  type ServerSubscription,
  serverLicenseResponseSchema,
} from '@stowage/contracts';
import { type LicenseInfo, MadminError } from '@stowage/madmin';
import type { ConsoleSession } from '../../session/session-plugin.js';
import type { ZodApp } from '../route-context.js';
import { CONSOLE_LICENSE } from './get-about.js';

/** The commit id the embedded store reports in admin `info` (store `admin/operations/server-info.ts`). */
const EMBEDDED_COMMIT_ID = 'stowage';

/** YYYY-MM-DD of an RFC 3339 time (spec 3 §9), '' when absent or not a time (Go's zero time included). */
export function dateOnly(time: string): string {
  const ms = Date.parse(time);
  if (Number.isNaN(ms) || new Date(ms).getUTCFullYear() <= 1) return '';
  return new Date(ms).toISOString().slice(0, 10);
}

/** The subscription as the page shows it; the SUBNET API key stays on the server side. */
export function toSubscription(info: LicenseInfo, now: Date): ServerSubscription {
  const expiresAt = dateOnly(info.ExpiresAt);
  return {
    id: info.ID,
    organization: info.Organization,
    plan: info.Plan,
    issuedAt: dateOnly(info.IssuedAt),
    expiresAt,
    trial: info.Trial,
    expired: expiresAt !== '' && Date.parse(info.ExpiresAt) < now.getTime(),
  };
}

function reason(err: unknown): string {
  if (err instanceof MadminError) return `${err.code} (HTTP ${err.status})`;
  return err instanceof Error ? err.message : String(err);
}

async function serverLicense(session: ConsoleSession, signal: AbortSignal): Promise<ServerLicenseResponse> {
  if (!hasCapability(session.credentials.caps, 'admin')) {
    return {
      kind: 'unknown',
      detail: 'This server does not provide MinIO’s admin API, so it reports no licence.',
    };
  }
  let version: string | undefined;
  try {
    const server = (await session.admin.serverInfo(signal)).servers?.[0];
    version = server?.version || undefined;
    if (server?.commitID === EMBEDDED_COMMIT_ID) {
      return {
        kind: 'stowage',
        ...(version ? { version } : {}),
        license: CONSOLE_LICENSE.id,
        detail: `The embedded Stowage store is part of this project and licensed under the ${CONSOLE_LICENSE.name}.`,
      };
    }
  } catch (err) {
    return { kind: 'unknown', detail: `The server did not answer admin info: ${reason(err)}.` };
  }
  try {
    const info = await session.admin.licenseInfo(signal);
    return {
      kind: 'minio',
      ...(version ? { version } : {}),
      subscription: toSubscription(info, new Date()),
      detail: 'The server reports a commercial MinIO licence (admin license-info).',
    };
  } catch (err) {
    return {
      kind: 'minio',
      ...(version ? { version } : {}),
      detail: `This MinIO reports no commercial licence (admin license-info answered ${reason(err)}). MinIO’s open-source server is licensed under the GNU AGPL v3.`,
    };
  }
}

/**
 * GET /api/v1/license/server (License page): the licence of the managed server as its admin API reports
 * it — the embedded store's own, a MinIO's commercial subscription (`license-info`), or why none is shown.
 */
export function registerGetServerLicense(app: ZodApp): void {
  app.get(
    apiPaths.serverLicense,
    {
      schema: {
        tags: ['license'],
        summary: 'The managed server’s licence',
        response: { 200: serverLicenseResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request): Promise<ServerLicenseResponse> => serverLicense(request.session, request.signal),
  );
}
