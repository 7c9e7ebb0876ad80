// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';
import type { StoreLog } from '../log/store-log.js';
import type { SystemStore } from '../object-layer/types.js';
import { type Change, delChange, importChange, setChange, setOf, validateChange } from './changes.js';
import {
  type ConfigDoc,
  cloneDoc,
  cloneTargets,
  docFromJson,
  docToJson,
  resolveSet,
  targetNames,
} from './document.js';
import { type EnvOverrides, findEnvOverrides } from './env.js';
import { ConfigHistory, type HistoryEntry } from './history.js';
import { formatKvText, type KvBlock } from './kv-text.js';
import { entryOf } from './maps.js';
import type { ConfigCheckContext, ConfigKeyDef, ConfigSetDef, ConfigStore, ResolvedSet } from './registry.js';
import { checkValue, keyDef } from './validate.js';

/** Where the stored configuration lives in the system store (replicated to every drive, quorum read). */
export const CONFIG_PATH = 'config/config.json';

export interface ConfigServiceOptions {
  readonly system: SystemStore;
  readonly log: StoreLog;
  /** The set definitions (normally `ALL_SETS`). */
  readonly sets: readonly ConfigSetDef[];
  /** Where `MINIO_<SET>_<KEY>` overrides are read; process.env when absent. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The running store, for set checks that depend on it (storage_class parity ≤ drives/2). */
  readonly store?: ConfigCheckContext;
}

/** What a saved change did: `applied` when every set it touched is dynamic (no restart needed). */
export interface SaveResult {
  readonly applied: boolean;
}

/** What is wrong with a loaded value, for the store log: a sensitive key's value is never written out. */
function loggableProblem(def: ConfigKeyDef | undefined, value: string): string | undefined {
  if (!def) return 'unknown key';
  const problem = checkValue(def, value);
  if (problem === undefined || !def.sensitive) return problem;
  return `the value is not a valid ${def.type}`;
}

/** MinIO answers a missing history entry with XMinioConfigError, status 404. */
function noSuchEntry(restoreId: string): S3Error {
  return new S3Error('XMinioConfigError', `no configuration history entry '${restoreId}'`, {}, 404);
}

type Applier = (targets: ResolvedSet[]) => void | Promise<void>;

/**
 * The store's configuration service (`StoreContext.config`). It keeps two views of the stored document:
 * `saved` (what the drives hold, shown by the admin API) and `applied` (what is in effect: `dynamic` sets
 * follow every save, `restart` sets are taken at start and at each {@link restart}). Saves are serialized,
 * validated whole before anything is written, and written atomically through the system store.
 */
export class StoreConfigService implements ConfigStore {
  readonly sets: readonly ConfigSetDef[];
  readonly #defs: ReadonlyMap<string, ConfigSetDef>;
  readonly #system: SystemStore;
  readonly #log: StoreLog;
  readonly #envSource: Readonly<Record<string, string | undefined>>;
  readonly #history: ConfigHistory;
  readonly #store: ConfigCheckContext | undefined;
  readonly #appliers = new Map<string, Set<Applier>>();
  /** Applier runs not finished yet (see {@link settled}). */
  readonly #running = new Set<Promise<void>>();
  #env: EnvOverrides = new Map();
  #saved: ConfigDoc = new Map();
  #applied: ConfigDoc = new Map();
  /**
   * `get()`'s answers, by set then target: a pure function of the definitions, the applied document
   * and the environment overrides, asked several times per S3 request (region, storage class,
   * compression). Dropped whenever the applied document or the overrides change.
   */
  #resolved = new Map<string, Map<string, ResolvedSet>>();
  /** Saves and restarts run one at a time. */
  #queue: Promise<unknown> = Promise.resolve();

  private constructor(opts: ConfigServiceOptions) {
    this.sets = opts.sets;
    this.#defs = new Map(opts.sets.map((s) => [s.subSys, s]));
    this.#system = opts.system;
    this.#log = opts.log;
    this.#envSource = opts.env ?? process.env;
    this.#history = new ConfigHistory(opts.system);
    this.#store = opts.store;
  }

  /** Reads the stored configuration from the drives; appliers subscribe afterwards (and run at once). */
  static async open(opts: ConfigServiceOptions): Promise<StoreConfigService> {
    const svc = new StoreConfigService(opts);
    await svc.#load();
    return svc;
  }

  #def(subSys: string): ConfigSetDef {
    const def = this.#defs.get(subSys);
    if (!def) throw new S3Error('XMinioConfigError', `unknown sub-system '${subSys}'`);
    return def;
  }

  async #load(): Promise<void> {
    this.#env = this.#checkedEnv();
    const raw = await this.#system.read(CONFIG_PATH);
    let doc: ConfigDoc = new Map();
    if (raw && raw.length > 0) {
      try {
        doc = this.#checkedDoc(docFromJson(raw));
      } catch (err) {
        this.#log.error('The stored configuration cannot be read; using defaults', { err });
      }
    }
    this.#saved = doc;
    this.#applied = cloneDoc(doc);
    this.#resolved.clear();
  }

  /** Environment overrides with values of the wrong type dropped (and reported). */
  #checkedEnv(): EnvOverrides {
    const env = findEnvOverrides(this.sets, this.#envSource);
    for (const [subSys, targets] of env) {
      const def = this.#def(subSys);
      for (const keys of targets.values()) {
        for (const [key, e] of keys) {
          const problem = loggableProblem(keyDef(def, key), e.value);
          if (problem !== undefined) {
            this.#log.error(`Environment variable ${e.name} is ignored: ${problem}`);
            keys.delete(key);
          }
        }
      }
    }
    return env;
  }

  /** A loaded document without what the definitions no longer allow (reported, then left out). */
  #checkedDoc(doc: ConfigDoc): ConfigDoc {
    for (const [subSys, targets] of doc) {
      const def = this.#defs.get(subSys);
      if (!def || def.unsupported !== undefined) {
        this.#log.error(`Stored configuration of '${subSys}' is ignored: not a sub-system this server runs`);
        doc.delete(subSys);
        continue;
      }
      for (const [target, kv] of targets) {
        for (const [key, value] of kv) {
          const problem = loggableProblem(keyDef(def, key), value);
          if (problem !== undefined) {
            this.#log.error(
              `Stored value of '${subSys}${target ? `:${target}` : ''} ${key}' is ignored: ${problem}`,
            );
            kv.delete(key);
          }
        }
      }
    }
    return doc;
  }

  // ---- ConfigService: the values in effect ----

  get(subSys: string, target = ''): ResolvedSet {
    let sets = this.#resolved.get(subSys);
    const cached = sets?.get(target);
    if (cached) return cached;
    const r = resolveSet(this.#def(subSys), target, this.#applied, this.#env);
    if (!sets) {
      sets = new Map();
      this.#resolved.set(subSys, sets);
    }
    sets.set(target, r);
    return r;
  }

  targets(subSys: string): ResolvedSet[] {
    const def = this.#def(subSys);
    return targetNames(def, this.#applied, this.#env).map((t) =>
      resolveSet(def, t, this.#applied, this.#env),
    );
  }

  subscribe(subSys: string, apply: Applier): () => void {
    this.#def(subSys);
    const set = entryOf(this.#appliers, subSys, () => new Set<Applier>());
    set.add(apply);
    const first = this.#run(subSys, apply);
    this.#running.add(first);
    void first.finally(() => this.#running.delete(first));
    return () => {
      set.delete(apply);
    };
  }

  /** Resolves once every applier run started so far (the first runs of `subscribe` included) is done. */
  async settled(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }

  async #run(subSys: string, apply: Applier): Promise<void> {
    try {
      await apply(this.targets(subSys));
    } catch (err) {
      this.#log.error(`Applying the '${subSys}' configuration failed`, { err });
    }
  }

  async #notify(subSys: string): Promise<void> {
    await Promise.all([...(this.#appliers.get(subSys) ?? [])].map((a) => this.#run(subSys, a)));
  }

  // ---- the stored configuration (admin API) ----

  /** Stored values of one target as they would resolve (what get-config-kv shows). */
  saved(subSys: string, target = ''): ResolvedSet {
    return resolveSet(this.#def(subSys), target, this.#saved, this.#env);
  }

  /** Every target of a set in the stored configuration, the default first. */
  savedTargets(subSys: string): ResolvedSet[] {
    const def = this.#def(subSys);
    return targetNames(def, this.#saved, this.#env).map((t) => resolveSet(def, t, this.#saved, this.#env));
  }

  /** Is `target` of `subSys` configured (stored or from the environment)? The default always is. */
  hasTarget(subSys: string, target: string): boolean {
    return targetNames(this.#def(subSys), this.#saved, this.#env).includes(target);
  }

  /** The text of `subsys[:target]` (get-config-kv): env lines then the line, for each target. */
  text(key: string): string {
    const colon = key.indexOf(':');
    const subSys = colon < 0 ? key.trim() : key.slice(0, colon);
    const target = colon < 0 ? '' : key.slice(colon + 1);
    const def = setOf(this.#defs, subSys, target);
    if (target !== '' && !this.hasTarget(subSys, target)) {
      throw new S3Error('XMinioAdminNoSuchConfigTarget', `no configuration target '${key}'`);
    }
    const targets = colon < 0 ? this.savedTargets(subSys) : [this.saved(subSys, target)];
    return formatKvText(targets.map((r) => this.#block(def, r, true)));
  }

  /** The whole stored configuration as text (GET /config); `withEnv` adds the override lines. */
  exportText(withEnv = true): string {
    const blocks: KvBlock[] = [];
    for (const def of this.sets) {
      if (def.unsupported !== undefined) continue;
      for (const r of this.savedTargets(def.subSys)) blocks.push(this.#block(def, r, withEnv));
    }
    return formatKvText(blocks);
  }

  #block(def: ConfigSetDef, r: ResolvedSet, withEnv: boolean): KvBlock {
    const stored = this.#saved.get(def.subSys)?.get(r.target);
    const overrides = this.#env.get(def.subSys)?.get(r.target);
    return {
      subSys: def.subSys,
      target: r.target,
      values: def.keys.map((k) => ({ key: k.key, value: stored?.get(k.key) ?? k.default })),
      env: withEnv
        ? def.keys.flatMap((k) => {
            const e = overrides?.get(k.key);
            return e ? [{ name: e.name, value: e.value }] : [];
          })
        : [],
    };
  }

  /** Saves `set-config-kv` text (merged into the stored targets). */
  set(text: string): Promise<SaveResult> {
    return this.#exclusive(() => this.#commit(setChange(this.#defs, this.#saved, text)));
  }

  /** Saves `del-config-kv` text (targets or keys back to their defaults). */
  del(text: string): Promise<SaveResult> {
    return this.#exclusive(() => this.#commit(delChange(this.#defs, this.#saved, this.#env, text)));
  }

  /** Replaces the whole configuration with `text` (PUT /config), all or nothing. */
  import(text: string): Promise<SaveResult> {
    return this.#exclusive(() => this.#commit(importChange(this.#defs, text)));
  }

  /** History entries, newest `count` (all when 0), oldest first. */
  history(count: number): Promise<HistoryEntry[]> {
    return this.#history.list(count);
  }

  /** Imports a history entry's configuration (the entry itself is kept; no new entry is made). */
  restoreHistory(restoreId: string): Promise<SaveResult> {
    return this.#exclusive(async () => {
      const entry = await this.#history.get(restoreId);
      if (!entry) throw noSuchEntry(restoreId);
      return this.#commit(importChange(this.#defs, entry.data), false);
    });
  }

  /** Removes one history entry, or all of them with `all`. */
  clearHistory(restoreId: string): Promise<void> {
    return this.#exclusive(async () => {
      if (restoreId === 'all') return this.#history.clear();
      if (!(await this.#history.remove(restoreId))) {
        throw noSuchEntry(restoreId);
      }
    });
  }

  /**
   * Admin service restart: reads the stored configuration from the drives again, takes every set
   * (restart sets included) into effect and runs every applier.
   */
  restart(): Promise<void> {
    return this.#exclusive(async () => {
      await this.#load();
      await Promise.all([...this.#appliers.keys()].map((s) => this.#notify(s)));
    });
  }

  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(fn, fn);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #commit(change: Change, record = true): Promise<SaveResult> {
    validateChange(this.#defs, change, this.#env, this.#store);
    await this.#system.write(CONFIG_PATH, docToJson(change.next));
    this.#saved = change.next;
    let applied = true;
    const now: string[] = [];
    for (const subSys of change.touched) {
      if (this.#def(subSys).apply !== 'dynamic') {
        applied = false;
        continue;
      }
      const targets = change.next.get(subSys);
      if (targets) this.#applied.set(subSys, cloneTargets(targets));
      else this.#applied.delete(subSys);
      this.#resolved.delete(subSys);
      now.push(subSys);
    }
    if (record) {
      try {
        await this.#history.add(this.exportText(false));
      } catch (err) {
        this.#log.error('Recording the configuration history failed', { err });
      }
    }
    await Promise.all(now.map((s) => this.#notify(s)));
    return { applied };
  }
}
