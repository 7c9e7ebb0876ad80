// SPDX-License-Identifier: Apache-2.0
export * from './pods.js';
export * from './security.js';
export * from './sizing.js';
export * from './storage.js';
export * from './subscription.js';
export * from './tenant-create.js';
export * from './tenants.js';
