// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';
import { type LifecycleConfiguration, type LifecycleRule, MAX_RULES } from './types.js';

/**
 * Semantic checks of a parsed lifecycle configuration, with AWS's error codes and reasons: structure
 * problems are MalformedXML, bad values InvalidArgument, impossible combinations InvalidRequest, a
 * transition to a storage class that is no configured tier InvalidStorageClass.
 */

function invalidArgument(message: string): S3Error {
  return new S3Error('InvalidArgument', message);
}

function checkDate(date: string | undefined, what: string): void {
  if (date === undefined) return;
  const t = Date.parse(date);
  if (Number.isNaN(t)) throw new S3Error('InvalidArgument', `'Date' for ${what} must be in ISO 8601 format`);
  if (t % 86_400_000 !== 0) throw invalidArgument(`'Date' for ${what} must be at midnight GMT`);
}

function checkDays(days: number | undefined, what: string, min: number): void {
  if (days === undefined) return;
  if (!Number.isInteger(days) || days < min) {
    throw invalidArgument(
      min === 0
        ? `'Days' for ${what} must not be negative`
        : `'Days' for ${what} action must be a positive integer`,
    );
  }
}

function checkRule(rule: LifecycleRule, knownTier: (name: string) => boolean): void {
  if (rule.id.length > 255) throw invalidArgument('ID length should not exceed allowed limit of 255');
  const { expiration: exp, noncurrentVersionExpiration: nve, abortIncompleteMultipartUpload: abort } = rule;
  const transitions = rule.transitions ?? [];
  const ncTransitions = rule.noncurrentVersionTransitions ?? [];
  if (!exp && !nve && !abort && transitions.length === 0 && ncTransitions.length === 0) {
    throw new S3Error('InvalidRequest', 'At least one action needs to be specified in a rule');
  }
  const f = rule.filter;
  if (
    f.objectSizeGreaterThan !== undefined &&
    f.objectSizeLessThan !== undefined &&
    f.objectSizeGreaterThan >= f.objectSizeLessThan
  ) {
    throw invalidArgument('ObjectSizeGreaterThan must be less than ObjectSizeLessThan');
  }
  for (const size of [f.objectSizeGreaterThan, f.objectSizeLessThan]) {
    if (size !== undefined && (!Number.isInteger(size) || size < 0))
      throw invalidArgument('Object size filters must be non-negative integers');
  }
  const hasTags = Object.keys(f.tags ?? {}).length > 0;
  if (exp) {
    const set = [exp.days !== undefined, exp.date !== undefined, exp.expiredObjectDeleteMarker === true];
    if (exp.days !== undefined && exp.date !== undefined) throw new S3Error('MalformedXML');
    if (exp.expiredObjectDeleteMarker && (exp.days !== undefined || exp.date !== undefined)) {
      throw invalidArgument(
        'ExpiredObjectDeleteMarker cannot be specified with Days or Date in a Lifecycle Expiration Policy',
      );
    }
    if (!set.some(Boolean))
      throw new S3Error('MalformedXML', 'Expiration needs Days, Date or ExpiredObjectDeleteMarker');
    if (exp.expiredObjectDeleteMarker && hasTags) {
      throw invalidArgument('ExpiredObjectDeleteMarker cannot be specified with object tags in the filter');
    }
    checkDays(exp.days, 'Expiration', 1);
    checkDate(exp.date, 'Expiration');
  }
  if (nve) {
    if (nve.noncurrentDays === undefined && nve.newerNoncurrentVersions === undefined)
      throw new S3Error('MalformedXML', 'NoncurrentVersionExpiration needs NoncurrentDays');
    checkDays(nve.noncurrentDays, 'NoncurrentVersionExpiration', 1);
    const n = nve.newerNoncurrentVersions;
    if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > 100))
      throw invalidArgument("'NewerNoncurrentVersions' must be an integer from 1 to 100");
  }
  if (abort) {
    checkDays(abort.daysAfterInitiation, 'AbortIncompleteMultipartUpload', 1);
    if (hasTags) throw invalidArgument('AbortIncompleteMultipartUpload cannot be specified with Tags.');
  }
  const classes = new Set<string>();
  for (const t of transitions) {
    if ((t.days === undefined) === (t.date === undefined))
      throw new S3Error('MalformedXML', 'A Transition needs exactly one of Days and Date');
    checkDays(t.days, 'Transition', 0);
    checkDate(t.date, 'Transition');
    classes.add(t.storageClass);
  }
  for (const t of ncTransitions) checkDays(t.noncurrentDays, 'NoncurrentVersionTransition', 0);
  if (transitions.length > 1 || ncTransitions.length > 1) {
    throw invalidArgument('Only one Transition and one NoncurrentVersionTransition per rule are supported');
  }
  for (const t of [...transitions, ...ncTransitions]) {
    if (!t.storageClass) throw invalidArgument("'StorageClass' is required in a transition");
    if (!knownTier(t.storageClass))
      throw new S3Error(
        'InvalidStorageClass',
        `The storage class ${t.storageClass} is not a configured tier`,
      );
  }
  const expDays = exp?.days;
  const tDays = transitions[0]?.days;
  if (expDays !== undefined && tDays !== undefined && tDays >= expDays) {
    throw invalidArgument(
      "'Days' in the Expiration action must be greater than 'Days' in the Transition action",
    );
  }
}

/** Throws the AWS error for the first problem; `knownTier` says whether a storage class is a tier. */
export function validateLifecycle(
  config: LifecycleConfiguration,
  knownTier: (name: string) => boolean,
): void {
  if (config.rules.length === 0)
    throw new S3Error('MalformedXML', 'A lifecycle configuration needs at least one Rule');
  if (config.rules.length > MAX_RULES)
    throw invalidArgument(`Lifecycle configuration allows a maximum of ${MAX_RULES} rules`);
  const ids = new Set<string>();
  for (const rule of config.rules) {
    if (ids.has(rule.id))
      throw invalidArgument('Rule ID must be unique. Found same ID for more than one rule');
    ids.add(rule.id);
    checkRule(rule, knownTier);
  }
}
