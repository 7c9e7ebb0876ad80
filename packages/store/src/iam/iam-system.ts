// SPDX-License-Identifier: Apache-2.0
import type { Policy } from '@stowage/policy';
import type { SystemStore } from '../object-layer/types.js';
import { assembleIam, type IamParts, reloadIam } from './assembly.js';
import type { AccessVerdict, BucketPolicySource } from './authorization.js';
import { identityPoliciesName } from './condition-key-use.js';
import type { RootCredentials } from './context.js';
import type { CredentialKind } from './credentials.js';
import type { GroupDescription } from './groups.js';
import type { PolicyEntities } from './mappings.js';
import type { PolicyInfo } from './policies.js';
import type { PolicyPluginHook } from './policy-plugin.js';
import type { ServiceAccountRecord, UserStatus } from './records.js';
import type { IssuedCredentials, NewServiceAccount, ServiceAccountUpdate } from './service-accounts.js';
import type { NewStsSession, StsSessionInfo } from './sts-sessions.js';
import type {
  AuthorizationRequest,
  Authorizer,
  CredentialStore,
  Identity,
  ResolvedCredentials,
} from './types.js';
import type { UserInfo } from './users.js';

/** Options of {@link IamSystem} and `openIam`. */
export interface IamOptions {
  /** Where anonymous requests find bucket policies. Without it, anonymous requests are denied. */
  bucketPolicies?: BucketPolicySource;
  /** The access management plugin in effect (see {@link IamSystem.usePolicyPlugin}). */
  policyPlugin?: PolicyPluginHook | undefined;
  /** Reports IAM documents that could not be read at load (never includes secrets). */
  onWarning?: (message: string) => void;
}

/**
 * The store's identity and access management (MinIO's internal IdP): root, users, groups, canned
 * policies and their mappings, service accounts and STS sessions. Everything is held in memory for
 * fast lookups and written through to the system store (one JSON document per entity) before a
 * mutation is acknowledged; {@link IamSystem.load} reads it all back at start and on service restart.
 *
 * A facade over the IAM components (see assembly.ts): each method hands the call to the part that owns it.
 */
export class IamSystem implements CredentialStore, Authorizer {
  readonly #options: IamOptions;
  readonly #parts: IamParts;

  constructor(system: SystemStore, root: RootCredentials, options: IamOptions = {}) {
    this.#options = options;
    this.#parts = assembleIam(system, root, options);
  }

  get rootAccessKey(): string {
    return this.#parts.ctx.root.accessKey;
  }

  /**
   * Sets where anonymous requests find bucket policies (the object layer, once it is open); with
   * `replace` false an already configured source is kept.
   */
  useBucketPolicies(source: BucketPolicySource, replace = true): void {
    if (replace || !this.#options.bucketPolicies) this.#options.bucketPolicies = source;
  }

  /**
   * Hands authorization to the access management plugin (`policy_plugin`), or back to the IAM policies
   * with undefined. Root and its own credentials are never sent to the plugin.
   */
  usePolicyPlugin(plugin: PolicyPluginHook | undefined): void {
    this.#options.policyPlugin = plugin;
  }

  /** (Re)reads every IAM document from the system store, replacing the in-memory state. */
  load(): Promise<void> {
    return reloadIam(this.#parts, this.#options.onWarning);
  }

  // ---------------------------------------------------------------- credentials

  lookup(accessKey: string): Promise<ResolvedCredentials | null> {
    return this.#parts.credentials.lookup(accessKey);
  }

  /** What kind of credential an access key names, without checking its status; null when unknown. */
  credentialKind(accessKey: string): CredentialKind | null {
    return this.#parts.credentials.kind(accessKey);
  }

  /** Expiry of an STS session (for the STS/console layer), or null for long-lived credentials. */
  sessionExpiration(accessKey: string): Date | null {
    return this.#parts.sessions.expiration(accessKey);
  }

  // ---------------------------------------------------------------- authorization

  /**
   * Decides an S3 or admin request. Root may do everything; users get their own and their enabled groups'
   * policies; service accounts and STS sessions get their parent's, intersected with their session
   * policy; a bucket's policy takes part for every caller (Principal "*", the user's ARN or access key).
   * An explicit Deny in either wins, an Allow in either grants; default deny.
   */
  isAllowed(req: AuthorizationRequest): Promise<boolean> {
    return this.#parts.authorization.isAllowed(req);
  }

  /** {@link isAllowed}, also saying whether an explicit Deny (identity or bucket policy) decided. */
  decide(req: AuthorizationRequest): Promise<AccessVerdict> {
    return this.#parts.authorization.decide(req);
  }

  /**
   * The identity policies' answer alone, without the bucket policy (admin requests have no bucket):
   * undefined for an anonymous identity.
   */
  isAllowedSync(req: AuthorizationRequest & { denyOnly?: boolean }): boolean | undefined {
    return this.#parts.authorization.isAllowedSync(req);
  }

  /** An admin request's verdict: the plugin's while it applies, else {@link isAllowedSync}'s. */
  decideSigned(req: AuthorizationRequest & { denyOnly?: boolean }): Promise<AccessVerdict> {
    return this.#parts.authorization.decideSigned(req);
  }

  /** The bucket's parsed policy (cached by text); null when it has none or it does not parse. */
  bucketPolicy(bucket: string, source = this.#options.bucketPolicies): Promise<Policy | null> {
    return this.#parts.authorization.bucketPolicy(bucket, source);
  }

  /**
   * The policy document describing what an identity may do, as accountinfo reports it: root gets
   * consoleAdmin; users the merge of their policies; derived credentials their session policy if any.
   */
  effectivePolicyDocument(identity: Identity): Record<string, unknown> {
    return this.#parts.effective.document(identity);
  }

  /** Whether the identity's policies have a condition key starting with `prefix` (lower-case). */
  identityPoliciesName(identity: Identity, prefix: string): boolean {
    return identityPoliciesName(this.#parts.effective, identity, prefix);
  }

  /** Names of the policies attached to a user directly and through enabled groups. */
  policyNamesOf(user: string): string[] {
    return this.#parts.effective.namesOf(user);
  }

  // ---------------------------------------------------------------- users

  listUsers(): Record<string, UserInfo> {
    return this.#parts.users.list();
  }

  getUserInfo(accessKey: string): UserInfo {
    return this.#parts.users.info(accessKey);
  }

  /** A user's secret key (site replication copies users to its peers as they are), undefined if none. */
  userSecret(accessKey: string): string | undefined {
    return this.#parts.users.get(accessKey)?.secretKey;
  }

  userExists(accessKey: string): boolean {
    return this.#parts.users.has(accessKey);
  }

  /** Creates a user or changes their secret/status (MinIO AddUser is an upsert). */
  addUser(accessKey: string, secretKey: string, status: UserStatus = 'enabled'): Promise<void> {
    return this.#parts.users.add(accessKey, secretKey, status);
  }

  setUserStatus(accessKey: string, status: string): Promise<void> {
    return this.#parts.users.setStatus(accessKey, status);
  }

  /** Removes a user, their service accounts and sessions, their group memberships and policy mapping. */
  removeUser(accessKey: string): Promise<void> {
    return this.#parts.users.remove(accessKey);
  }

  // ---------------------------------------------------------------- groups

  listGroups(): string[] {
    return this.#parts.groups.list();
  }

  getGroup(name: string): GroupDescription {
    return this.#parts.groups.describe(name);
  }

  /**
   * madmin UpdateGroupMembers: adds members (creating the group), removes members, or — remove with no
   * members — deletes an empty group (XMinioAdminGroupNotEmpty otherwise).
   */
  updateGroupMembers(group: string, members: string[], isRemove: boolean, status?: string): Promise<void> {
    return this.#parts.groups.updateMembers(group, members, isRemove, status);
  }

  setGroupStatus(group: string, status: string): Promise<void> {
    return this.#parts.groups.setStatus(group, status);
  }

  // ---------------------------------------------------------------- policies and mappings

  listPolicies(): Record<string, Record<string, unknown>> {
    return this.#parts.policies.list();
  }

  getPolicy(name: string): PolicyInfo {
    return this.#parts.policies.get(name);
  }

  policyExists(name: string): boolean {
    return this.#parts.policies.has(name);
  }

  /** Adds or replaces a canned policy (validated; XMinioMalformedIAMPolicy with the reason otherwise). */
  addPolicy(name: string, document: string | Uint8Array): Promise<void> {
    return this.#parts.policies.add(name, document);
  }

  /** Removes a canned policy; refused while attached (XMinioAdminPolicyInUse) and for the built-ins. */
  removePolicy(name: string): Promise<void> {
    return this.#parts.policies.remove(name);
  }

  /**
   * set-user-or-group-policy: replaces the entity's policies ("" clears). `external`: the entity is a
   * directory DN (an STS identity), not a user or group of this store.
   */
  setPolicy(policyNames: string[], entity: string, isGroup: boolean, external = false): Promise<void> {
    return this.#parts.mappings.set(policyNames, entity, isGroup, external);
  }

  /** idp/builtin/policy/attach|detach: adds or removes policies; returns the resulting list. */
  attachDetachPolicies(
    attach: boolean,
    policyNames: string[],
    entity: string,
    isGroup: boolean,
    external = false,
  ): Promise<string[]> {
    return this.#parts.mappings.attachDetach(attach, policyNames, entity, isGroup, external);
  }

  /** The provider policies of an external STS session, or undefined for any other credential. */
  externalPoliciesOf(accessKey: string): string[] | undefined {
    return this.#parts.sessions.find(accessKey)?.record.externalPolicies;
  }

  /** Policy names mapped to a user or group name (or an LDAP DN), [] when none. */
  mappedPolicies(entity: string, isGroup: boolean): string[] {
    return this.#parts.mappings.of(entity, isGroup);
  }

  /** idp/builtin/policy-entities: mappings filtered by users, groups and policies (all when none given). */
  policyEntities(query: { users: string[]; groups: string[]; policies: string[] }): PolicyEntities {
    return this.#parts.mappings.entities(query);
  }

  // ---------------------------------------------------------------- service accounts

  addServiceAccount(req: NewServiceAccount): Promise<IssuedCredentials> {
    return this.#parts.serviceAccounts.add(req);
  }

  getServiceAccount(accessKey: string): ServiceAccountRecord & { sessionPolicyParsed: Policy | null } {
    return this.#parts.serviceAccounts.get(accessKey);
  }

  listServiceAccounts(parentUser: string): string[] {
    return this.#parts.serviceAccounts.list(parentUser);
  }

  updateServiceAccount(accessKey: string, update: ServiceAccountUpdate): Promise<void> {
    return this.#parts.serviceAccounts.update(accessKey, update);
  }

  deleteServiceAccount(accessKey: string): Promise<void> {
    return this.#parts.serviceAccounts.delete(accessKey);
  }

  /**
   * The policy a service account is held to, as info-service-account shows it: its session policy, or
   * (implied) the merge of its parent's policies.
   */
  serviceAccountPolicy(accessKey: string): { implied: boolean; policy: Record<string, unknown> } {
    return this.#parts.serviceAccounts.policyOf(accessKey);
  }

  // ---------------------------------------------------------------- STS

  /**
   * An unexpired STS session and the policy it is held to (its session policy, or — implied — its
   * parent's), for temporary-account-info. XMinioInvalidIAMCredentials (404) when unknown or expired.
   */
  getStsSession(accessKey: string): StsSessionInfo {
    return this.#parts.sessions.info(accessKey);
  }

  /** Issues temporary credentials for a parent user (AssumeRole and friends) and persists the session. */
  createStsSession(req: NewStsSession): Promise<IssuedCredentials> {
    return this.#parts.sessions.create(req);
  }

  /** Drops expired STS sessions from memory and disk (called periodically and at load). */
  purgeExpiredSessions(): Promise<number> {
    return this.#parts.sessions.purgeExpired();
  }
}
