// SPDX-License-Identifier: Apache-2.0
export { CONFIG_PATH, type ConfigServiceOptions, StoreConfigService } from './config-service.js';
export { parseGoDuration } from './duration.js';
export { configuredRegion, effectiveRegion } from './region.js';
export * from './registry.js';
export { ALL_SETS } from './sets/index.js';
