// SPDX-License-Identifier: Apache-2.0
import { sizingMessages as contractSizingMessages } from '@stowage/contracts';
import type { SizeFactor, TenantSizeStep } from './wizard-form';

/** Spec 3 §9: 1 Gi is 1073741824 bytes. */
export const gi = 1024 ** 3;
export const factorBytes: Record<SizeFactor, number> = { Gi: gi, Ti: 1024 ** 4, Pi: 1024 ** 5 };

/** Spec 3 §9 minimums. */
export const minNodes = 4;
export const minMemoryGi = 2;

/** Spec 3 §5 sizing messages (the contracts' list, shared with the backend) and the size fields' own. */
export const sizingMessages = {
  ...contractSizingMessages,
  memoryField: 'Memory size must be greater than 2Gi',
  drivesField: 'There must be at least one drive',
  required: 'Field cannot be empty',
} as const;

export const volumeSizeMessage = (limit: string): string =>
  `Volume size must be greater than 1Gi and less than ${limit}`;

/** How the total size spreads over the servers' drives (spec 3 §3 "distribution"). */
export interface Distribution {
  nodes: number;
  /** Drives in the pool (servers × drives per server). */
  disks: number;
  persistentVolumes: number;
  /** Bytes per volume. */
  pvSize: number;
  error: string;
}

/**
 * Spreads `totalBytes` over `nodes` servers with `drivesPerServer` drives each: every volume gets the same
 * whole number of bytes (spec 3 §3, §5 sizing messages).
 */
export function distribute(totalBytes: number, nodes: number, drivesPerServer: number): Distribution {
  const none = { nodes, disks: 0, persistentVolumes: 0, pvSize: 0 };
  if (!Number.isFinite(totalBytes) || totalBytes < gi) return { ...none, error: sizingMessages.poolSize };
  if (!Number.isInteger(drivesPerServer) || drivesPerServer < 1) {
    return { ...none, error: sizingMessages.drives };
  }
  if (!Number.isInteger(nodes) || nodes < 1) return { ...none, error: sizingMessages.invalid };
  const disks = nodes * drivesPerServer;
  const pvSize = Math.floor(totalBytes / disks);
  if (pvSize < gi) return { ...none, disks, error: sizingMessages.diskTooSmall };
  return { nodes, disks, persistentVolumes: disks, pvSize, error: '' };
}

/** One parity choice's figures (spec 3 §3 "ecParityCalc.storageFactors"). */
export interface StorageFactor {
  erasureCode: string;
  /** Usable bytes with this parity. */
  maxCapacity: number;
  /** Drives that may fail without losing data, across the erasure sets. */
  maxFailureTolerations: number;
}

export interface ErasureCodeCalc {
  /** Drives per erasure set. */
  setSize: number;
  sets: number;
  rawCapacity: number;
  defaultEC: string;
  storageFactors: StorageFactor[];
  error: string;
}

/** The parity a set of `setSize` drives gets by default: 2 up to 5 drives, 3 up to 7, else 4. */
export function defaultParity(setSize: number): number {
  if (setSize <= 5) return 2;
  if (setSize <= 7) return 3;
  return 4;
}

/** Erasure sets hold 2 to 16 drives; the largest size that divides the drive count is used. */
export function erasureSetSize(drives: number): number | null {
  for (let size = 16; size >= 2; size--) if (drives % size === 0) return size;
  return null;
}

/** The number after the colon of a parity choice ('EC:2' → 2; spec 3 §7 erasureCodingParity). */
export function parityNumber(choice: string): number {
  const n = Number(choice.slice(choice.indexOf(':') + 1));
  return Number.isInteger(n) ? n : Number.NaN;
}

/**
 * Usable capacity and failure tolerance of each parity `choices` for a pool of `drives` volumes of `pvSize`
 * bytes (spec 3 §3 "ecParityCalc").
 */
export function erasureCodeCalc(choices: readonly string[], drives: number, pvSize: number): ErasureCodeCalc {
  const failed = (error: string): ErasureCodeCalc => ({
    setSize: 0,
    sets: 0,
    rawCapacity: 0,
    defaultEC: '',
    storageFactors: [],
    error,
  });
  if (!Number.isInteger(drives) || drives < 1 || !(pvSize > 0)) return failed(sizingMessages.invalid);
  const setSize = erasureSetSize(drives);
  if (setSize === null) return failed(sizingMessages.cannotAllocate);
  const sets = drives / setSize;
  const rawCapacity = drives * pvSize;
  const storageFactors: StorageFactor[] = [];
  for (const choice of choices) {
    const parity = parityNumber(choice);
    if (!(parity >= 0 && parity <= setSize / 2)) return failed(sizingMessages.invalid);
    storageFactors.push({
      erasureCode: choice,
      maxCapacity: Math.floor((rawCapacity * (setSize - parity)) / setSize),
      maxFailureTolerations: parity * sets,
    });
  }
  const preferred = `EC:${defaultParity(setSize)}`;
  const defaultEC = choices.includes(preferred) ? preferred : (choices[0] ?? '');
  return { setSize, sets, rawCapacity, defaultEC, storageFactors, error: '' };
}

/** The memory figures a node count allows (the backend's max-allocatable-memory answer, spec 3 §4). */
export type MemoryCheck =
  | { state: 'pending' }
  | { state: 'failed'; error: string }
  | { state: 'ok'; maxMemory: number };

/** Spec 3 §5: what the memory-per-node field says about the request against the node's maximum. */
export function memoryProblem(memoryGi: string, check: MemoryCheck): string | undefined {
  const n = Number(memoryGi);
  if (memoryGi.trim() === '') return sizingMessages.required;
  if (!Number.isFinite(n) || n < minMemoryGi) return sizingMessages.memoryField;
  if (check.state !== 'ok') return undefined;
  if (check.maxMemory <= 0) return sizingMessages.noMemory;
  if (check.maxMemory < minMemoryGi * gi) return sizingMessages.notEnoughMemory;
  if (n * gi > check.maxMemory) return sizingMessages.memoryOverMax;
  return undefined;
}

/** Every figure of the size page, and its problems by field (spec 3 §3 "Tenant-size fields", §5). */
export interface SizeEvaluation {
  problems: Record<string, string>;
  totalBytes: number;
  distribution: Distribution;
  ecCalc: ErasureCodeCalc | null;
  valid: boolean;
}

/**
 * Checks the Setup step's size fields against the storage class limit, the node memory the server can
 * allocate and the parity choices it offered (null while unknown or after the parity query failed).
 */
export function evaluateSize(
  size: TenantSizeStep,
  limitBytes: number | undefined,
  memory: MemoryCheck,
  parityChoices: readonly string[] | null,
  formatLimit: (bytes: number) => string,
): SizeEvaluation {
  const problems: Record<string, string> = {};
  const nodes = Number(size.nodes);
  const drives = Number(size.drivesPerServer);
  const totalBytes = Number(size.volumeSize) * factorBytes[size.sizeFactor];

  if (size.nodes.trim() === '') problems.nodes = sizingMessages.required;
  else if (!Number.isInteger(nodes) || nodes < minNodes) {
    problems.nodes = `A tenant needs at least ${minNodes} servers`;
  } else if (memory.state === 'failed') problems.nodes = memory.error;

  if (size.volumeSize.trim() === '') problems.volumeSize = sizingMessages.required;
  else if (!(totalBytes >= gi) || (limitBytes !== undefined && totalBytes > limitBytes)) {
    problems.volumeSize = volumeSizeMessage(limitBytes === undefined ? '-' : formatLimit(limitBytes));
  }

  const mem = memoryProblem(size.memoryNode, memory);
  if (mem) problems.memoryNode = mem;

  if (size.drivesPerServer.trim() === '') problems.drivesPerServer = sizingMessages.required;
  else if (!Number.isInteger(drives) || drives < 1) problems.drivesPerServer = sizingMessages.drivesField;

  const distribution = distribute(totalBytes, nodes, drives);
  if (distribution.error) problems.distribution = distribution.error;

  let ecCalc: ErasureCodeCalc | null = null;
  if (parityChoices === null) problems.ecParity = 'No parity choices are available for this pool';
  else if (!distribution.error) {
    ecCalc = erasureCodeCalc(parityChoices, distribution.disks, distribution.pvSize);
    if (ecCalc.error) problems.ecParity = ecCalc.error;
    else if (!parityChoices.includes(size.ecParity)) problems.ecParity = sizingMessages.required;
  }
  const valid = Object.keys(problems).length === 0 && memory.state === 'ok';
  return { problems, totalBytes, distribution, ecCalc, valid };
}
