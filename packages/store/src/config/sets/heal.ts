// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { COMMENT_KEY, optionalKey } from './keys.js';

/**
 * `heal`: whether background heal checks verify every shard's bitrot checksums (`bitrotscan`) and how
 * heal yields to S3 traffic between objects (`max_io` requests in flight, waiting at most `max_sleep`).
 * Applies at once.
 */
export const heal: ConfigSetDef = {
  subSys: 'heal',
  description: 'manage object healing frequency and bitrot verification checks',
  multipleTargets: false,
  apply: 'dynamic',
  keys: [
    optionalKey(
      'bitrotscan',
      'on|off',
      'perform bitrot scan on drives when checking objects during scanner',
      'off',
    ),
    optionalKey(
      'max_sleep',
      'duration',
      'maximum sleep duration between objects to slow down heal operation',
      '1s',
    ),
    optionalKey(
      'max_io',
      'number',
      'maximum IO requests allowed between objects to slow down heal operation',
      '100',
    ),
    COMMENT_KEY,
  ],
};
