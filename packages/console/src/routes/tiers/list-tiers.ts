import {
  apiErrorSchema,
  apiPaths,
  type Tier,
  type TiersResponse,
  tiersResponseSchema,
} from '@stowage/contracts';
import type { TierConfig } from '@stowage/madmin';
import type { RouteContext, ZodApp } from '../route-context.js';

/** A tier as spec 2 §3 lists it: the type and a sub-object named by the type (MinIO is an s3 tier). */
export function toTier(cfg: TierConfig): Tier {
  const remote = cfg.S3 ?? cfg.Azure ?? cfg.GCS ?? cfg.MinIO ?? {};
  return {
    type: cfg.Type,
    [cfg.Type]: {
      name: cfg.Name,
      endpoint: remote.Endpoint ?? '',
      bucket: remote.Bucket ?? '',
      prefix: remote.Prefix ?? '',
      region: remote.Region ?? '',
      ...('StorageClass' in remote && remote.StorageClass ? { storageclass: remote.StorageClass } : {}),
    },
  };
}

/** GET /api/v1/admin/tiers (spec 1 §7, spec 2 §7): the server's remote tiers (madmin ListTiers). */
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
      const tiers = await request.session.admin.listTiers();
      return { items: tiers.map(toTier) };
    },
  );
}
