// SPDX-License-Identifier: Apache-2.0
import type { LiveState } from '@/shared/hooks/use-live-socket';

/** The diagnostic's states (spec 3 §4 "Diagnostic"). */
export type DiagnosticState = 'idle' | 'inProgress' | 'success' | 'error';

/**
 * idle before Start; inProgress while the socket is connecting or open; success when the server closed it
 * normally; error when the connection failed or was closed with 1011, 1008 or 1006.
 */
export function diagnosticState(
  everStarted: boolean,
  socket: LiveState,
  closeCode: number | null,
): DiagnosticState {
  if (!everStarted) return 'idle';
  if (socket !== 'stopped') return 'inProgress';
  // 1000 is the server's normal close; 1011, 1008, 1006 (and any other) mean the report is not complete.
  return closeCode === 1000 ? 'success' : 'error';
}

/** The spec's messages (spec 3 §8). */
export const diagnosticMessages = {
  started: 'Diagnostic started. Please do not refresh page during diagnosis.',
  ready: 'Diagnostic file is ready to be downloaded.',
  failed: 'An error occurred while getting Diagnostic file.',
} as const;

/** Which parts of the report have arrived (the page's progress checklist). */
export const reportParts: readonly {
  label: string;
  present: (report: Record<string, unknown>) => boolean;
}[] = [
  { label: 'Server info', present: (r) => has(r, 'minio', 'info') },
  { label: 'Configuration (secrets redacted)', present: (r) => has(r, 'minio', 'config') },
  { label: 'CPU', present: (r) => has(r, 'sys', 'cpus') },
  { label: 'Memory', present: (r) => has(r, 'sys', 'meminfo') },
  { label: 'Operating system', present: (r) => has(r, 'sys', 'osinfo') },
  { label: 'Drives (space and a read/write probe)', present: (r) => has(r, 'sys', 'partitions') },
];

function has(report: Record<string, unknown>, group: string, key: string): boolean {
  const g = report[group];
  return typeof g === 'object' && g !== null && (g as Record<string, unknown>)[key] !== undefined;
}
