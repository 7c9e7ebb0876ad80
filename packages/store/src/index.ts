// SPDX-License-Identifier: Apache-2.0
export { type CertsDir, loadCertsDir, trustCertsDir } from './cli/certs-dir.js';
export { CliError } from './cli/cli-error.js';
export { randomRootCredentials, writeFileAtomic } from './cli/root-credentials.js';
export * from './core/errors.js';
export type { PoolSpec, ServiceAction, ServiceActionHook, StoreOptions } from './core/options.js';
export type * from './iam/types.js';
export type { LocalReceiver, LocalReceiverOptions, LocalRecord } from './logging/local-receivers.js';
export type * from './object-layer/types.js';
export type { StoreHandle } from './server.js';
export { startStore } from './server.js';
export { readStowageVersion, STOWAGE_VERSION } from './version.js';
