// SPDX-License-Identifier: Apache-2.0
import { type SpeedtestMessage, wsPaths } from '@stowage/contracts';
import type { LiveRow, LiveState } from '@/shared/hooks/use-live-socket';

export type ObjectFigures = Extract<SpeedtestMessage, { type: 'object' }>;
export type DriveFigures = Extract<SpeedtestMessage, { type: 'drive' }>;

/** The form of Tools → Performance. */
export interface SpeedtestForm {
  sizeMiB: string;
  durationSec: string;
  concurrent: string;
  autotune: boolean;
  drive: boolean;
}

export const defaultSpeedtestForm: SpeedtestForm = {
  sizeMiB: '64',
  durationSec: '10',
  concurrent: '8',
  autotune: false,
  drive: true,
};

/** Each field's problem (empty when the form can start). */
export function speedtestFormErrors(f: SpeedtestForm): Partial<Record<keyof SpeedtestForm, string>> {
  const errors: Partial<Record<keyof SpeedtestForm, string>> = {};
  const size = Number(f.sizeMiB);
  if (!(size > 0 && size <= 1024)) errors.sizeMiB = 'Object size must be between 1 KiB and 1024 MiB';
  else if (size * 1024 * 1024 < 4096) errors.sizeMiB = 'Object size must be at least 4 KiB';
  const duration = Number(f.durationSec);
  if (!Number.isInteger(duration) || duration < 2 || duration > 300) {
    errors.durationSec = 'Duration must be a whole number of seconds from 2 to 300';
  }
  const concurrent = Number(f.concurrent);
  if (!Number.isInteger(concurrent) || concurrent < 1 || concurrent > 256) {
    errors.concurrent = 'Concurrency must be a whole number from 1 to 256';
  }
  return errors;
}

/** The socket path with the form's query. */
export function speedtestSocketPath(f: SpeedtestForm): string {
  const q = new URLSearchParams({
    size: String(Math.round(Number(f.sizeMiB) * 1024 * 1024)),
    duration: f.durationSec,
    concurrent: f.concurrent,
    autotune: String(f.autotune),
    drive: String(f.drive),
  });
  return `${wsPaths.speedtest}?${q}`;
}

export type SpeedtestState = 'idle' | 'running' | 'done' | 'failed';

export function speedtestState(
  everStarted: boolean,
  socket: LiveState,
  closeCode: number | null,
): SpeedtestState {
  if (!everStarted) return 'idle';
  if (socket !== 'stopped') return 'running';
  return closeCode === 1000 ? 'done' : 'failed';
}

/** The newest object figures and every server's drive results (rows come newest first). */
export function speedtestFigures(rows: readonly LiveRow<SpeedtestMessage>[]): {
  object: ObjectFigures | null;
  drives: DriveFigures[];
  steps: number;
} {
  let object: ObjectFigures | null = null;
  const drives: DriveFigures[] = [];
  const concurrencies = new Set<number>();
  for (const { message } of rows) {
    if (message.type === 'object') {
      object ??= message;
      concurrencies.add(message.concurrent);
    } else drives.unshift(message);
  }
  return { object, drives, steps: concurrencies.size };
}

/** Bytes per second in the units mc and the original console show (binary prefixes). */
export function formatRate(bytesPerSec: number): string {
  const units = ['B/s', 'KiB/s', 'MiB/s', 'GiB/s', 'TiB/s'];
  let v = bytesPerSec;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${v >= 100 || i === 0 ? Math.round(v) : v.toFixed(1)} ${units[i]}`;
}

/** A latency in nanoseconds as milliseconds. */
export function formatNs(ns: number | undefined): string {
  if (ns === undefined) return '—';
  const ms = ns / 1e6;
  return `${ms >= 100 ? Math.round(ms) : ms.toFixed(1)} ms`;
}
