// SPDX-License-Identifier: Apache-2.0
import { DAY_MS } from '../core/clock.js';
import type { LifecycleConfiguration, LifecycleFilter, LifecycleRule } from './types.js';

/**
 * Which lifecycle actions are due for an object's versions at a given time, as S3 decides: an action
 * `Days` after an event happens at the first midnight UTC at least that many days after it; `Date`
 * actions happen from that date. Pure: the scanner applies the plan, the S3 handlers use the same
 * rules for `x-amz-expiration`.
 */

/** What lifecycle needs to know of one version. */
export interface VersionFacts {
  versionId: string;
  isDeleteMarker: boolean;
  size: number;
  /** Milliseconds since the epoch. */
  modTime: number;
  tags: Record<string, string>;
  /** The tier holding the version's data, when it was transitioned. */
  tier?: string;
}

export type LifecycleAction =
  | { kind: 'expire-current'; ruleId: string }
  | { kind: 'delete-version'; versionId: string; ruleId: string; deleteMarker: boolean }
  | { kind: 'transition'; versionId: string; ruleId: string; tier: string };

/** When an action `days` after `eventMs` is due: midnight UTC after event + days (MinIO's ExpectedExpiryTime). */
export function dueAfterDays(eventMs: number, days: number): number {
  if (days === 0) return eventMs;
  const t = eventMs + (days + 1) * DAY_MS;
  return t - (t % DAY_MS);
}

/** Whether a rule's filter selects an object (key, size, tags). */
export function filterMatches(
  f: LifecycleFilter,
  key: string,
  size: number,
  tags: Record<string, string>,
): boolean {
  if (f.prefix !== undefined && !key.startsWith(f.prefix)) return false;
  if (f.objectSizeGreaterThan !== undefined && !(size > f.objectSizeGreaterThan)) return false;
  if (f.objectSizeLessThan !== undefined && !(size < f.objectSizeLessThan)) return false;
  for (const [k, v] of Object.entries(f.tags ?? {})) if (tags[k] !== v) return false;
  return true;
}

function enabledRules(config: LifecycleConfiguration, key: string, v: VersionFacts): LifecycleRule[] {
  return config.rules.filter((r) => r.status === 'Enabled' && filterMatches(r.filter, key, v.size, v.tags));
}

/** The time a rule expires the current version, if it does by days or date. */
function expiryOf(rule: LifecycleRule, modTime: number): number | undefined {
  const e = rule.expiration;
  if (e?.date !== undefined) return Date.parse(e.date);
  if (e?.days !== undefined) return dueAfterDays(modTime, e.days);
  return undefined;
}

/** The earliest expiry of the current version `v` of `key` and the rule that sets it (x-amz-expiration). */
export function expiryFor(
  config: LifecycleConfiguration,
  key: string,
  v: VersionFacts,
): { at: number; ruleId: string } | null {
  if (v.isDeleteMarker) return null;
  let best: { at: number; ruleId: string } | null = null;
  for (const rule of enabledRules(config, key, v)) {
    const at = expiryOf(rule, v.modTime);
    if (at !== undefined && (best === null || at < best.at)) best = { at, ruleId: rule.id };
  }
  return best;
}

/** `x-amz-expiration` header value: `expiry-date="<HTTP date>", rule-id="<id>"`. */
export function expirationHeader(at: number, ruleId: string): string {
  return `expiry-date="${new Date(at).toUTCString()}", rule-id="${ruleId.replace(/"/g, '\\"')}"`;
}

function currentActions(
  config: LifecycleConfiguration,
  key: string,
  latest: VersionFacts,
  now: number,
): LifecycleAction[] {
  if (latest.isDeleteMarker) return [];
  const exp = expiryFor(config, key, latest);
  if (exp && exp.at <= now) return [{ kind: 'expire-current', ruleId: exp.ruleId }];
  if (latest.tier !== undefined) return [];
  for (const rule of enabledRules(config, key, latest)) {
    for (const t of rule.transitions ?? []) {
      const at = t.date !== undefined ? Date.parse(t.date) : dueAfterDays(latest.modTime, t.days ?? 0);
      if (at <= now)
        return [{ kind: 'transition', versionId: latest.versionId, ruleId: rule.id, tier: t.storageClass }];
    }
  }
  return [];
}

/**
 * The actions due at `now` on one key whose versions are given newest first (`versions[0]` is the
 * latest). Locks are not considered here: the scanner skips versions it may not remove.
 */
export function planKey(
  config: LifecycleConfiguration,
  key: string,
  versions: readonly VersionFacts[],
  now: number,
): LifecycleAction[] {
  const latest = versions[0];
  if (!latest) return [];
  const actions = currentActions(config, key, latest, now);
  const removed = new Set<string>();
  // Noncurrent versions: noncurrent since their successor was written.
  for (let i = 1; i < versions.length; i++) {
    const v = versions[i] as VersionFacts;
    const since = (versions[i - 1] as VersionFacts).modTime;
    const newer = i - 1; // noncurrent versions newer than this one
    let acted = false;
    for (const rule of enabledRules(config, key, v)) {
      const nve = rule.noncurrentVersionExpiration;
      if (!nve) continue;
      const keep = nve.newerNoncurrentVersions ?? 0;
      const due = nve.noncurrentDays === undefined ? since : dueAfterDays(since, nve.noncurrentDays);
      if (newer >= keep && due <= now) {
        actions.push({
          kind: 'delete-version',
          versionId: v.versionId,
          ruleId: rule.id,
          deleteMarker: v.isDeleteMarker,
        });
        removed.add(v.versionId);
        acted = true;
        break;
      }
    }
    if (acted || v.isDeleteMarker || v.tier !== undefined) continue;
    for (const rule of enabledRules(config, key, v)) {
      const t = rule.noncurrentVersionTransitions?.[0];
      if (!t || newer < (t.newerNoncurrentVersions ?? 0)) continue;
      if (dueAfterDays(since, t.noncurrentDays) <= now) {
        actions.push({ kind: 'transition', versionId: v.versionId, ruleId: rule.id, tier: t.storageClass });
        break;
      }
    }
  }
  // A delete marker left alone (every older version gone) is removed when a rule asks for it.
  const lone = versions.slice(1).every((v) => removed.has(v.versionId));
  if (latest.isDeleteMarker && lone) {
    const rule = enabledRules(config, key, latest).find((r) => r.expiration?.expiredObjectDeleteMarker);
    if (rule)
      actions.push({
        kind: 'delete-version',
        versionId: latest.versionId,
        ruleId: rule.id,
        deleteMarker: true,
      });
  }
  return actions;
}

/** Whether a multipart upload started at `initiated` is due for abort by a rule. */
export function abortDue(
  config: LifecycleConfiguration,
  key: string,
  initiated: number,
  now: number,
): boolean {
  return config.rules.some(
    (r) =>
      r.status === 'Enabled' &&
      r.abortIncompleteMultipartUpload !== undefined &&
      filterMatches({ ...(r.filter.prefix !== undefined ? { prefix: r.filter.prefix } : {}) }, key, 0, {}) &&
      dueAfterDays(initiated, r.abortIncompleteMultipartUpload.daysAfterInitiation) <= now,
  );
}
