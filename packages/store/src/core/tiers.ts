/**
 * What request handlers ask of the remote tiers (`tiers/`): whether a storage class names one. The
 * tier service implements it; the context carries it as `tiers`.
 */
export interface TierLookup {
  /** Whether `name` is a configured tier (a valid transition StorageClass). */
  has(name: string): boolean;
}
