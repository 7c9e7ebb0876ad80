// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';

/**
 * Config sets made for tests of the configuration machinery itself, independent of the store's real
 * sets: a dynamic multi-target set with one key of each checked type, and an unsupported set.
 */
export const testHookSet: ConfigSetDef = {
  subSys: 'test_hook',
  description: 'a test target',
  multipleTargets: true,
  apply: 'dynamic',
  keys: [
    { key: 'enable', type: 'on|off', description: 'on or off', optional: false, default: 'off' },
    { key: 'endpoint', type: 'url', description: 'where', optional: true, default: '' },
    { key: 'batch', type: 'number', description: 'how many', optional: true, default: '1' },
    { key: 'wait', type: 'duration', description: 'how long', optional: true, default: '1s' },
    { key: 'mode', type: 'enum', values: ['a', 'b'], description: 'mode', optional: true, default: 'a' },
    { key: 'note', type: 'sentence', description: 'a note', optional: true, default: '' },
  ],
  validate: (kv) =>
    kv.values.enable === 'on' && kv.values.endpoint === ''
      ? "'endpoint' is required when enabled"
      : undefined,
};

export const testUnsupportedSet: ConfigSetDef = {
  subSys: 'etcd',
  description: 'federation',
  multipleTargets: false,
  apply: 'restart',
  unsupported: 'this server runs as a single deployment',
  keys: [{ key: 'endpoints', type: 'csv', description: 'e', optional: true, default: '' }],
};
