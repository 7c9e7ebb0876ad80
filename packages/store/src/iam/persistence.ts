// SPDX-License-Identifier: Apache-2.0
import type { SystemStore } from '../object-layer/types.js';
import type {
  GroupRecord,
  PolicyMappingRecord,
  PolicyRecord,
  ServiceAccountRecord,
  StsSessionRecord,
  UserRecord,
} from './records.js';

/**
 * Where IAM state lives in the system store (replicated to every drive, quorum-read). One small JSON
 * document per entity, so a change rewrites only that entity — write-through on every mutation.
 */
export const IAM_PATHS = {
  users: 'iam/users',
  groups: 'iam/groups',
  policies: 'iam/policies',
  userPolicies: 'iam/policydb/users',
  groupPolicies: 'iam/policydb/groups',
  serviceAccounts: 'iam/service-accounts',
  sts: 'iam/sts',
} as const;

/** A kind of IAM record, stored under its own folder. */
export type IamCollection = keyof typeof IAM_PATHS;

/** The record type each collection holds. */
export interface IamCollectionRecords {
  users: UserRecord;
  groups: GroupRecord;
  policies: PolicyRecord;
  userPolicies: PolicyMappingRecord;
  groupPolicies: PolicyMappingRecord;
  serviceAccounts: ServiceAccountRecord;
  sts: StsSessionRecord;
}

/** Every IAM record on the system store, by collection (what a load reads). */
export type IamSnapshot = { [C in IamCollection]: IamCollectionRecords[C][] };

/** Documents read in parallel while loading. */
const LOAD_CONCURRENCY = 32;

const SAFE_SEGMENT = /^[A-Za-z0-9._=@+,-]+$/;

/**
 * Encodes an entity name as one path segment. Document paths allow only [A-Za-z0-9._=@+,~-]; names that
 * fit are kept readable, anything else (spaces, unicode, slashes) becomes `~` + base64url.
 */
export function encodeName(name: string): string {
  if (SAFE_SEGMENT.test(name) && name !== '.' && name !== '..' && name.length <= 150) return `${name}.json`;
  return `~${Buffer.from(name, 'utf8').toString('base64url')}.json`;
}

/** The entity name of a document path segment; null for files that are not IAM documents. */
export function decodeName(segment: string): string | null {
  if (!segment.endsWith('.json')) return null;
  const base = segment.slice(0, -'.json'.length);
  if (base.startsWith('~')) return Buffer.from(base.slice(1), 'base64url').toString('utf8');
  return base;
}

/** Typed JSON documents per collection on top of the system store. */
export class IamPersistence {
  constructor(private readonly system: SystemStore) {}

  async save<C extends IamCollection>(
    collection: C,
    name: string,
    record: IamCollectionRecords[C],
  ): Promise<void> {
    await this.system.write(
      `${IAM_PATHS[collection]}/${encodeName(name)}`,
      Buffer.from(JSON.stringify(record)),
    );
  }

  async remove(collection: IamCollection, name: string): Promise<void> {
    await this.system.delete(`${IAM_PATHS[collection]}/${encodeName(name)}`);
  }

  /** All records of a collection; unreadable documents are skipped (reported through `onBad`). */
  async loadAll<C extends IamCollection>(
    collection: C,
    onBad: (path: string, err: unknown) => void,
  ): Promise<IamCollectionRecords[C][]> {
    const dir = IAM_PATHS[collection];
    const paths = await this.system.list(dir);
    const names = paths.map((p) => p.slice(p.lastIndexOf('/') + 1)).filter((seg) => decodeName(seg) !== null);
    const out: IamCollectionRecords[C][] = [];
    // Quorum reads touch every drive: read a bounded number at a time rather than one by one.
    for (let i = 0; i < names.length; i += LOAD_CONCURRENCY) {
      const batch = await Promise.all(
        names.slice(i, i + LOAD_CONCURRENCY).map(async (seg) => {
          const full = `${dir}/${seg}`;
          try {
            const buf = await this.system.read(full);
            return buf ? (JSON.parse(buf.toString('utf8')) as IamCollectionRecords[C]) : null;
          } catch (err) {
            onBad(full, err);
            return null;
          }
        }),
      );
      for (const r of batch) if (r !== null) out.push(r);
    }
    return out;
  }

  /** Reads every collection in parallel; unreadable documents are skipped (reported through `onBad`). */
  async loadSnapshot(onBad: (path: string, err: unknown) => void): Promise<IamSnapshot> {
    const [users, groups, policies, userPolicies, groupPolicies, serviceAccounts, sts] = await Promise.all([
      this.loadAll('users', onBad),
      this.loadAll('groups', onBad),
      this.loadAll('policies', onBad),
      this.loadAll('userPolicies', onBad),
      this.loadAll('groupPolicies', onBad),
      this.loadAll('serviceAccounts', onBad),
      this.loadAll('sts', onBad),
    ]);
    return { users, groups, policies, userPolicies, groupPolicies, serviceAccounts, sts };
  }
}
