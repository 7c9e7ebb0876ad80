// SPDX-License-Identifier: Apache-2.0
/**
 * The one configuration registry (DESIGN "Data services": one config registry). Each subsystem declares
 * its config set here as data — keys with type, default, help text and validation, whether a change
 * applies live or at the next restart — and nothing else parses settings: the admin config API, its help
 * texts, export/import, environment overrides and the console's generated forms all read these
 * definitions. Set names, key names, types and the `MINIO_<SET>_<KEY>` environment names are MinIO's, so
 * the same console configures a real MinIO.
 */

/** Key types as MinIO's help reports them; the console renders a form field for each. */
export type ConfigKeyType =
  | 'string'
  | 'number'
  | 'csv'
  | 'comment'
  | 'on|off'
  | 'url'
  | 'uri'
  | 'address'
  | 'duration'
  | 'path'
  | 'enum'
  | 'sentence';

/** One key of a config set. */
export interface ConfigKeyDef {
  readonly key: string;
  readonly type: ConfigKeyType;
  /** Help text (MinIO's wording where MinIO has the key). */
  readonly description: string;
  readonly optional: boolean;
  /** Value when neither stored nor overridden by the environment; '' = none. */
  readonly default: string;
  /**
   * MinIO's `Sensitive` (an address, a user name, a credential): redacted in diagnostics and never logged.
   * Which keys are passwords or tokens to mask (MinIO's `Secret`) says `isSecretConfigKey` of madmin.
   */
  readonly sensitive?: boolean;
  /** The allowed values of an `enum` key. */
  readonly values?: readonly string[];
  /** Extra check of one value beyond its type; returns the problem in words, or undefined when valid. */
  readonly validate?: (value: string) => string | undefined;
}

/**
 * `dynamic`: a saved change takes effect at once (the admin answer carries `x-minio-config-applied:
 * true`). `restart`: it takes effect at the next admin service restart (or process start).
 */
export type ApplyMode = 'dynamic' | 'restart';

/** One config set (`region`, `compression`, `logger_webhook`, …). */
export interface ConfigSetDef {
  readonly subSys: string;
  readonly description: string;
  /** Named targets allowed (`logger_webhook:<name>`), as MinIO's `multipleTargets`. */
  readonly multipleTargets: boolean;
  readonly keys: readonly ConfigKeyDef[];
  readonly apply: ApplyMode;
  /**
   * Check of a whole resolved set (e.g. `endpoint` required when `enable=on`); problem or undefined.
   * `store` describes the running store where a rule depends on it (storage_class: parity ≤ drives/2);
   * the configuration service passes it on every save.
   */
  readonly validate?: (kv: ResolvedSet, store?: ConfigCheckContext) => string | undefined;
  /**
   * When present the store does not implement this set (e.g. `etcd`, `cache`): it is listed with this
   * reason, and saving it is refused with the reason as the error — nothing is silently accepted.
   */
  readonly unsupported?: string;
}

/** What set checks may need to know about the running store. */
export interface ConfigCheckContext {
  /** Drives of the erasure set. */
  readonly drives: number;
  /** The set's default parity: what storage_class `standard` means when it is empty. */
  readonly parity: number;
}

/** The values of one set (or one target of it) after stored values, environment and defaults. */
export interface ResolvedSet {
  /** '' for the default target. */
  readonly target: string;
  /** Every key of the set with its effective value. */
  readonly values: Readonly<Record<string, string>>;
  /** Keys whose value comes from the environment, with the variable's name. */
  readonly fromEnv: Readonly<Record<string, string>>;
}

/** Reads `on`/`off` (MinIO also accepts true/false, yes/no, 1/0 in on|off keys). */
export function isOn(value: string | undefined): boolean {
  return value !== undefined && ['on', 'true', 'yes', '1'].includes(value.toLowerCase());
}

/**
 * The running configuration, as subsystems and handlers see it (`StoreContext.config`). Subsystems read
 * values with `get`/`targets` and register an applier with `subscribe`; the config service calls every
 * applier once at start, again on each admin service restart, and — for `dynamic` sets — after each saved
 * change of its set, so a value saved through the admin API really changes what the store does.
 */
export interface ConfigService {
  /** The set definitions, in help order. */
  readonly sets: readonly ConfigSetDef[];
  /** Resolved values of one set's target ('' = default target). Throws for an unknown set. */
  get(subSys: string, target?: string): ResolvedSet;
  /** Every configured target of a multi-target set, the default target ('') first when present. */
  targets(subSys: string): ResolvedSet[];
  /**
   * Calls `apply` now and whenever the set's values take effect (see above); returns the unsubscribe.
   * `apply` receives every target of the set. An applier that throws is reported to the store log.
   */
  subscribe(subSys: string, apply: (targets: ResolvedSet[]) => void | Promise<void>): () => void;
}

/** madmin's ConfigHistoryEntry: one saved configuration, restorable by its id. */
export interface ConfigHistoryEntry {
  readonly restoreId: string;
  /** RFC 3339 */
  readonly createTime: string;
  /** The whole stored configuration after the change, as MinIO's configuration text. */
  readonly data: string;
}

/**
 * The configuration service as the admin API uses it (`StoreContext.config`): the running values above,
 * plus the stored configuration in MinIO's text form, saving, history and restart. Every save checks the
 * whole change against the definitions first (XMinioConfigError naming the problem, nothing changed),
 * writes it atomically to the drives, and answers `applied` when every set it touched is `dynamic`.
 */
export interface ConfigStore extends ConfigService {
  /** Stored values of one target as they would resolve (not necessarily in effect yet). */
  saved(subSys: string, target?: string): ResolvedSet;
  /** Every target of a set in the stored configuration (or the environment), the default ('') first. */
  savedTargets(subSys: string): ResolvedSet[];
  /** `get-config-kv` text of `subsys[:target]`: `# MINIO_…=…` override lines, then the set line. */
  text(key: string): string;
  /** The whole stored configuration as text (`GET /config`); `withEnv` adds the override lines. */
  exportText(withEnv?: boolean): string;
  set(text: string): Promise<{ readonly applied: boolean }>;
  del(text: string): Promise<{ readonly applied: boolean }>;
  /** Replaces the whole configuration, all or nothing (`PUT /config`). */
  import(text: string): Promise<{ readonly applied: boolean }>;
  /** The newest `count` history entries (all when 0), oldest first. */
  history(count: number): Promise<ConfigHistoryEntry[]>;
  restoreHistory(restoreId: string): Promise<{ readonly applied: boolean }>;
  /** Removes one entry, or every entry with `all`. */
  clearHistory(restoreId: string): Promise<void>;
  /** Reloads the stored configuration from the drives and applies every set (admin service restart). */
  restart(): Promise<void>;
  /** Resolves when every applier run started so far has finished (server.ts awaits it before listening). */
  settled(): Promise<void>;
}
