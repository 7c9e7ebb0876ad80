// SPDX-License-Identifier: Apache-2.0
import type { TierConfig, TierCreds, TierInfo } from '@stowage/madmin';

/**
 * What request handlers ask of the remote tiers (`tiers/`): S3 handlers whether a storage class names
 * a tier, the admin tier API the rest. The tier service implements it; the context carries it as
 * `tiers`.
 */
export interface TierLookup {
  /** Whether `name` is a configured tier (a valid transition StorageClass). */
  has(name: string): boolean;
}

/** The admin tier API's operations (madmin-go wire types). */
export interface TierAdmin extends TierLookup {
  /** Every tier, secrets `REDACTED`. */
  list(): TierConfig[];
  /** Validates, checks the remote bucket with the credentials, and saves. */
  add(config: TierConfig): Promise<void>;
  /** New credentials, checked before they are saved. */
  editCredentials(name: string, creds: TierCreds): Promise<void>;
  /** Refused (XMinioAdminTierInUse) while lifecycle rules or transitioned versions refer to it. */
  remove(name: string): Promise<void>;
  /** Checks the remote is reachable with the stored credentials. */
  verify(name: string): Promise<void>;
  /** What each tier holds. */
  stats(): Promise<TierInfo[]>;
  /**
   * RestoreObject: a local copy of a transitioned version for `days` (InvalidObjectState when the
   * version is not on a tier); 'restored' the first time, 'extended' when a copy was already there.
   */
  restore(
    bucket: string,
    key: string,
    versionId: string | undefined,
    days: number,
  ): Promise<'restored' | 'extended'>;
}
