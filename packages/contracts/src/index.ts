export * from './buckets.js';
export * from './errors.js';
export * from './login.js';
export * from './paths.js';
export * from './permissions.js';
export * from './session.js';
