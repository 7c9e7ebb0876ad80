// SPDX-License-Identifier: Apache-2.0
import type { ConfigService } from './registry.js';

/**
 * The region the store reports and enforces: the `region` set's `name` in effect, else the start-up
 * default (`StoreOptions.region`), else `us-east-1`. The one accessor behind `StoreContext.region`, so a
 * region applied by a restart is seen everywhere at once.
 */
export function effectiveRegion(config: ConfigService, fallback: string | undefined): string {
  return config.get('region').values.name || fallback || 'us-east-1';
}
