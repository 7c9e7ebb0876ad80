import { type JWK } from 'jose';
import type { StartedService } from '../service.js';
/** The directory of this provider: users, and the canned policy names their `policy` claim carries. */
export declare const OIDC_USERS: Record<string, {
    name: string;
    email: string;
    policy?: string[];
}>;
/** What tests get from `testService<OidcProviderInfo>('oidc-provider')`. */
export interface OidcProviderInfo {
    issuer: string;
    /** The discovery document (identity_openid's `config_url`). */
    configUrl: string;
    /** Dynamic client registration (RFC 7591): a test registers a client with its own redirect URIs. */
    registrationUrl: string;
    /** A client registered at start, for token-only tests (its redirect URI is never loaded). */
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    /**
     * The provider's private signing key (JWK with kid): tests mint tokens the provider could have issued
     * with claims it never would (expired, another audience, another issuer) to check they are refused.
     */
    signingJwk: JWK;
    users: typeof OIDC_USERS;
}
/**
 * npm `oidc-provider` (a certified OpenID Provider) on a free port: authorization code with PKCE, its own
 * development login page (any password; the login names a user of {@link OIDC_USERS}), consent
 * remembered for every client, ID tokens carrying the `policy` claim, dynamic client registration.
 */
export declare function start(): Promise<StartedService>;
//# sourceMappingURL=oidc-provider.d.ts.map