// SPDX-License-Identifier: Apache-2.0
import { CANNED_POLICY_DOCUMENTS, type Policy, parsePolicy } from '@stowage/policy';
import { s3Error } from '../core/errors.js';
import type { IamContext } from './context.js';
import type { PolicyRecord } from './records.js';
import { checkPolicyName, invalid, nowIso, parseIamPolicy } from './validation.js';

/** A canned policy as get-canned-policy/info-canned-policy report it. */
export interface PolicyInfo {
  name: string;
  policy: Record<string, unknown>;
  createDate: string;
  updateDate: string;
}

interface LoadedPolicy {
  record: PolicyRecord;
  parsed: Policy;
  builtin: boolean;
}

/** What the policy registry needs from the rest of IAM. */
export interface PolicyLinks {
  /** Is the policy attached to any user or group? */
  isAttached(name: string): boolean;
}

/**
 * Canned (named) policies: the built-ins (readonly, readwrite, consoleAdmin, …) plus those an
 * administrator adds. A built-in may be redefined but not removed.
 */
export class Policies {
  readonly #ctx: IamContext;
  readonly #links: PolicyLinks;
  readonly #startedAt = nowIso();
  #policies = new Map<string, LoadedPolicy>();

  constructor(ctx: IamContext, links: PolicyLinks) {
    this.#ctx = ctx;
    this.#links = links;
    this.#installBuiltins();
  }

  #installBuiltins(): void {
    for (const [name, doc] of Object.entries(CANNED_POLICY_DOCUMENTS)) {
      this.#policies.set(name, {
        record: {
          name,
          policy: doc as Record<string, unknown>,
          createDate: this.#startedAt,
          updateDate: this.#startedAt,
        },
        parsed: parsePolicy(doc),
        builtin: true,
      });
    }
  }

  /** Replaces the policies with the built-ins plus loaded records (unparsable ones reported and skipped). */
  load(records: PolicyRecord[], warn: (what: string, err: unknown) => void): void {
    this.#policies = new Map();
    this.#installBuiltins();
    for (const p of records) {
      try {
        this.#policies.set(p.name, {
          record: p,
          parsed: parsePolicy(p.policy),
          builtin: p.name in CANNED_POLICY_DOCUMENTS,
        });
      } catch (err) {
        warn(`policy ${p.name}`, err);
      }
    }
  }

  has(name: string): boolean {
    return this.#policies.has(name);
  }

  /** The parsed policy of that name, if it exists. */
  parsed(name: string): Policy | undefined {
    return this.#policies.get(name)?.parsed;
  }

  /** Every policy document by name, sorted by name. */
  list(): Record<string, Record<string, unknown>> {
    const out: Record<string, Record<string, unknown>> = {};
    for (const name of [...this.#policies.keys()].sort()) {
      const p = this.#policies.get(name);
      if (p) out[name] = p.record.policy;
    }
    return out;
  }

  get(name: string): PolicyInfo {
    const p = this.#policies.get(name);
    if (!p) throw s3Error('XMinioAdminNoSuchPolicy');
    return {
      name,
      policy: p.record.policy,
      createDate: p.record.createDate,
      updateDate: p.record.updateDate,
    };
  }

  /** Adds or replaces a canned policy (validated; XMinioMalformedIAMPolicy with the reason otherwise). */
  async add(name: string, document: string | Uint8Array): Promise<void> {
    checkPolicyName(name);
    const parsed = parseIamPolicy(document);
    await this.#ctx.serial(async () => {
      const existing = this.#policies.get(name);
      const now = nowIso();
      const record: PolicyRecord = {
        name,
        policy: parsed.raw as Record<string, unknown>,
        createDate: existing && !existing.builtin ? existing.record.createDate : now,
        updateDate: now,
      };
      await this.#ctx.persist.save('policies', name, record);
      this.#policies.set(name, { record, parsed, builtin: name in CANNED_POLICY_DOCUMENTS });
      this.#ctx.changed();
    });
  }

  /** Removes a canned policy; refused while attached (XMinioAdminPolicyInUse) and for the built-ins. */
  async remove(name: string): Promise<void> {
    await this.#ctx.serial(async () => {
      const p = this.#policies.get(name);
      if (!p) throw s3Error('XMinioAdminNoSuchPolicy');
      if (name in CANNED_POLICY_DOCUMENTS)
        throw invalid(`'${name}' is a built-in policy and cannot be removed`);
      if (this.#links.isAttached(name)) throw s3Error('XMinioAdminPolicyInUse');
      await this.#ctx.persist.remove('policies', name);
      this.#policies.delete(name);
      this.#ctx.changed();
    });
  }
}
