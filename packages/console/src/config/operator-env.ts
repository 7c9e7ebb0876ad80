// SPDX-License-Identifier: Apache-2.0
import path from 'node:path';
import { parseStorageClasses, type StorageClassSpec } from '../operator/local/storage-classes.js';
import { ConfigError, readSwitch } from './env.js';

/** Operator mode settings (issue 33), read from the environment; null when operator mode is off. */
export interface OperatorConfig {
  /** `<data dir>/operator`: namespaces, tenants, the operator's CA. */
  root: string;
  /** CONSOLE_OPERATOR_STORAGE_CLASSES, or one `standard` class in `<root>/volumes`. */
  classes: StorageClassSpec[];
}

/** CONSOLE_OPERATOR_MODE=on makes the console the operator console. */
export function loadOperatorConfig(env: NodeJS.ProcessEnv, dataDir: string): OperatorConfig | null {
  if (!readSwitch(env, 'CONSOLE_OPERATOR_MODE', false)) return null;
  const root = path.join(dataDir, 'operator');
  try {
    return {
      root,
      classes: parseStorageClasses(env.CONSOLE_OPERATOR_STORAGE_CLASSES, path.join(root, 'volumes')),
    };
  } catch (err) {
    throw new ConfigError('CONSOLE_OPERATOR_STORAGE_CLASSES', (err as Error).message);
  }
}
