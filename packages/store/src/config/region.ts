// SPDX-License-Identifier: Apache-2.0
import type { ConfigService } from './registry.js';

/**
 * The region configured in effect: the `site` set's `region`, else the older `region` set's `name`
 * (MinIO's precedence), '' when neither is set. Sets a store was started without count as unset.
 */
export function configuredRegion(config: ConfigService): string {
  const value = (subSys: string, key: string): string =>
    config.sets.some((s) => s.subSys === subSys) ? (config.get(subSys).values[key] ?? '') : '';
  return value('site', 'region') || value('region', 'name');
}

/**
 * The region the store reports and enforces: the configured one (above), else the start-up default
 * (`StoreOptions.region`), else `us-east-1`. The one accessor behind `StoreContext.region`, so a region
 * applied by a restart is seen everywhere at once.
 */
export function effectiveRegion(config: ConfigService, fallback: string | undefined): string {
  return configuredRegion(config) || fallback || 'us-east-1';
}
