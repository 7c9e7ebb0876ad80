export * from './core/errors.js';
export type { PoolSpec, ServiceAction, ServiceActionHook, StoreOptions } from './core/options.js';
export type * from './iam/types.js';
export type * from './object-layer/types.js';
export type { StoreHandle } from './server.js';
export { startStore } from './server.js';
export { readStowageVersion, STOWAGE_VERSION } from './version.js';
