// SPDX-License-Identifier: Apache-2.0
import type { ConfigSetDef } from '../registry.js';
import { COMMENT_KEY, optionalKey } from './keys.js';

/** MinIO's scanner speeds, fastest to slowest. */
export const SCANNER_SPEEDS = ['fastest', 'fast', 'default', 'slow', 'slowest'] as const;
export type ScannerSpeed = (typeof SCANNER_SPEEDS)[number];

/**
 * `scanner`: how hard the background scanner (bucket usage, background heal checks) works. `speed`
 * picks MinIO's pacing; `delay`/`max_wait`/`cycle` are MinIO's older keys, honoured (as MinIO does) only
 * while `speed` is `default` and both `delay` and `max_wait` are set. Applies at once.
 */
export const scanner: ConfigSetDef = {
  subSys: 'scanner',
  description: 'manage namespace scanning for usage calculation, lifecycle, healing and more',
  multipleTargets: false,
  apply: 'dynamic',
  keys: [
    {
      key: 'speed',
      type: 'enum',
      values: ['default', 'slowest', 'slow', 'fast', 'fastest'],
      description: 'customize scanner speed (default|slowest|slow|fast|fastest)',
      optional: true,
      default: 'default',
    },
    {
      ...optionalKey('delay', 'number', '[DEPRECATED use speed] scanner delay multiplier'),
      validate: (v) => (/^\d+(\.\d+)?$/.test(v) ? undefined : `"${v}" is not a number`),
    },
    optionalKey('max_wait', 'duration', '[DEPRECATED use speed] maximum wait time between operations'),
    optionalKey('cycle', 'duration', '[DEPRECATED use speed] time duration between scanner cycles'),
    COMMENT_KEY,
  ],
};
