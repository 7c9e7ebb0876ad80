// SPDX-License-Identifier: Apache-2.0
import {
  apiErrorSchema,
  apiPaths,
  type Tier,
  type TiersResponse,
  tiersResponseSchema,
} from '@stowage/contracts';
import type { MadminClient, TierConfig, TierInfo } from '@stowage/madmin';
import type { RouteContext, ZodApp } from '../route-context.js';

/** A tier as spec 2 §3 lists it: the type and a sub-object named by the type (MinIO is an s3 tier). */
export function toTier(cfg: TierConfig, stats?: TierInfo, verified?: Error | null): Tier {
  const remote = cfg.S3 ?? cfg.Azure ?? cfg.GCS ?? cfg.MinIO ?? {};
  const s = stats?.Stats;
  return {
    type: cfg.Type,
    [cfg.Type]: {
      name: cfg.Name,
      endpoint: remote.Endpoint ?? '',
      bucket: remote.Bucket ?? '',
      prefix: remote.Prefix ?? '',
      region: remote.Region ?? '',
      ...('StorageClass' in remote && remote.StorageClass ? { storageclass: remote.StorageClass } : {}),
      ...(s
        ? {
            usage: String(s.totalSize ?? 0),
            objects: String(s.numObjects ?? 0),
            versions: String(s.numVersions ?? 0),
          }
        : {}),
      ...(verified ? { error: verified.message || 'The tier did not verify' } : {}),
    },
    ...(verified !== undefined ? { status: verified === null } : {}),
  };
}

/** VerifyTier of one tier: null when it answered, the store's error when not. */
async function verify(admin: MadminClient, name: string): Promise<Error | null> {
  try {
    await admin.verifyTier(name);
    return null;
  } catch (err) {
    return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * GET /api/v1/admin/tiers (spec 1 §7, spec 2 §7): the server's remote tiers (madmin ListTiers) with what
 * MinIO's console adds to each — usage, objects and versions from TierStats, and online/offline from
 * VerifyTier (checked in parallel; a failed check is the tier's status, not the list's error).
 */
export function registerListTiers(app: ZodApp, _ctx: RouteContext): void {
  app.get(
    apiPaths.tiers,
    {
      schema: {
        tags: ['tiers'],
        summary: 'Remote tiers',
        response: {
          200: tiersResponseSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          501: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request): Promise<TiersResponse> => {
      const admin = request.session.admin;
      const tiers = await admin.listTiers();
      const [stats, checks] = await Promise.all([
        admin.tierStats().catch(() => [] as TierInfo[]),
        Promise.all(tiers.map((t) => verify(admin, t.Name))),
      ]);
      return {
        items: tiers.map((t, i) =>
          toTier(
            t,
            stats.find((s) => s.Name === t.Name),
            checks[i],
          ),
        ),
      };
    },
  );
}
