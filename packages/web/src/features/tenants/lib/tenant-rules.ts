// SPDX-License-Identifier: Apache-2.0
import type { TenantPool } from '@stowage/contracts';

/** Spec 3 §4 "Tenant health colour": red, yellow, green, otherwise grey. */
export type HealthColour = 'red' | 'yellow' | 'green' | 'grey';

export function healthColour(status: string | undefined): HealthColour {
  return status === 'red' || status === 'yellow' || status === 'green' ? status : 'grey';
}

/** A pool as the Pools tab shows it (spec 3 §3 "Pool": the UI adds capacity, volumes and a label). */
export interface PoolRow {
  label: string;
  name: string;
  servers: number;
  volumes: number;
  /** Bytes: size × volumes per server × servers (spec 3 §9). */
  capacity: number;
}

export function poolRows(pools: readonly TenantPool[]): PoolRow[] {
  return pools.map((p, i) => {
    const label = `pool-${i}`;
    return {
      label,
      name: p.name || label,
      servers: p.servers,
      volumes: p.servers * p.volumes_per_server,
      capacity: p.volume_configuration.size * p.volumes_per_server * p.servers,
    };
  });
}

/** Spec 3 §9 "Pool naming": a new pool is pool-{count of existing pools}. */
export function nextPoolName(pools: readonly TenantPool[]): string {
  return `pool-${pools.length}`;
}

/** Spec 3 §4: deleting a tenant or a pod needs its exact name retyped (§8 'Tenant name is incorrect.'). */
export const nameIncorrectMessage = 'Tenant name is incorrect.';

export function retypedNameProblem(expected: string, typed: string): string | undefined {
  return typed === expected ? undefined : nameIncorrectMessage;
}

/** Spec 3 §9: ages are computed from the creation time in seconds ("45s", "12m", "3h", "2d"). */
export function ageText(createdSeconds: number, nowMs: number): string {
  const s = Math.max(0, Math.floor(nowMs / 1000 - createdSeconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86400) return `${Math.floor(s / 3600)}h`;
  return `${Math.floor(s / 86400)}d`;
}

/** The lines of a pod log that contain the Highlight Line text (case-insensitive); none when it is empty. */
export function highlightedLines(lines: readonly string[], highlight: string): Set<number> {
  const needle = highlight.trim().toLowerCase();
  const hits = new Set<number>();
  if (needle === '') return hits;
  lines.forEach((line, i) => {
    if (line.toLowerCase().includes(needle)) hits.add(i);
  });
  return hits;
}
