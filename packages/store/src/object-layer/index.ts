// SPDX-License-Identifier: Apache-2.0
import { ErasureObjectLayer } from './erasure-object-layer.js';
import type { ObjectLayerOptions } from './erasure-set.js';

export { DeleteMarkerError, isDeleteMarkerError } from './delete-marker-error.js';
export { FormatMismatchError } from './drive.js';
export { ErasureObjectLayer } from './erasure-object-layer.js';
export { type DriveSpec, defaultParity, type ObjectLayerOptions } from './erasure-set.js';
export { DecommissionError, type DecommissionInfo } from './pools/decommission.js';
export { type LayoutPool, type PoolLayout, PoolLayoutError } from './pools/layout.js';
export { openPools, poolCmdline } from './pools/open.js';
export { PoolsObjectLayer } from './pools/pools-layer.js';
export type * from './types.js';

/**
 * Open (creating as needed) the drive folders `dataDir/drive1..driveN` and return the object layer.
 * N = 1 is plain mode (no parity); N ≥ 2 erasure-codes every version (see docs/erasure.md).
 */
export function openObjectLayer(opts: ObjectLayerOptions): Promise<ErasureObjectLayer> {
  return ErasureObjectLayer.open(opts);
}
export { BITROT_SIZE, bitrotSum, initBitrot } from './codec/bitrot.js';
export { ReedSolomon } from './codec/reed-solomon.js';
