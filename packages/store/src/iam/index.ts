import type { SystemStore } from '../object-layer/types.js';
import type { AuthorizationRequest, Authorizer, CredentialStore, ResolvedCredentials } from './types.js';

/** Root credentials from MINIO_ROOT_USER / MINIO_ROOT_PASSWORD. */
export interface RootCredentials {
  accessKey: string;
  secretKey: string;
}

/**
 * The store's identity and access management: resolves access keys to identities and decides whether a
 * caller may perform an action. First cut: root only (root may do everything, everyone else nothing).
 */
export class IamSystem implements CredentialStore, Authorizer {
  readonly #root: RootCredentials;

  constructor(_system: SystemStore, root: RootCredentials) {
    this.#root = root;
  }

  async lookup(accessKey: string): Promise<ResolvedCredentials | null> {
    if (accessKey === this.#root.accessKey) {
      return {
        secretKey: this.#root.secretKey,
        identity: { kind: 'root', accessKey, parentUser: accessKey },
      };
    }
    return null;
  }

  async isAllowed(req: AuthorizationRequest): Promise<boolean> {
    return req.identity.kind === 'root';
  }
}

/** Opens IAM on the store's system documents (loads users, groups, policies, sessions). */
export async function openIam(system: SystemStore, root: RootCredentials): Promise<IamSystem> {
  return new IamSystem(system, root);
}

export type * from './types.js';
