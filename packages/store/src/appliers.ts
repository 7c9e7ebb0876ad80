// SPDX-License-Identifier: Apache-2.0
import { durationMs, healPacing, scannerPacing } from './background/pacing.js';
import { type BackgroundServices, configureHeal } from './background/services.js';
import type { StaleUploadCleanup } from './background/stale-uploads.js';
import type { ConfigService } from './config/registry.js';
import type { EdgeSettings } from './http/dispatch.js';
import type { ObjectLayer } from './object-layer/types.js';

/**
 * The appliers of the `api`, `scanner` and `heal` sets: each runs at start and after every saved change
 * (they are dynamic), so a value saved through the admin API changes what the store does at once.
 */
export interface ApplierDeps {
  config: ConfigService;
  edge: EdgeSettings;
  background: BackgroundServices;
  layer: ObjectLayer;
  staleUploads: StaleUploadCleanup;
}

/** Subscribes the appliers; returns their unsubscribe. */
export function subscribeAppliers(deps: ApplierDeps): () => void {
  const { config, edge, background, layer, staleUploads } = deps;
  const offs = [
    config.subscribe('api', () => {
      const v = config.get('api').values;
      edge.admission.configure({
        max: Number(v.requests_max) || 0,
        deadlineMs: durationMs(v.requests_deadline) ?? 10_000,
      });
      edge.cors.configure((v.cors_allow_origin ?? '*').split(','));
      staleUploads.configure({
        maxAgeMs: durationMs(v.stale_uploads_expiry) || 24 * 3600_000,
        intervalMs: durationMs(v.stale_uploads_cleanup_interval) || 6 * 3600_000,
      });
    }),
    config.subscribe('scanner', () => {
      background.scanner.setPacing(scannerPacing(config.get('scanner').values));
      background.lifecycle.setPacing(scannerPacing(config.get('scanner').values));
    }),
    config.subscribe('heal', () => {
      configureHeal(
        layer,
        background.scanner,
        healPacing(config.get('heal').values),
        () => edge.admission.active,
      );
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
