export * from './errors.js';
export type * from './iam/types.js';
export type * from './object-layer/types.js';
export type { StoreHandle, StoreOptions } from './server.js';
export { startStore } from './server.js';
