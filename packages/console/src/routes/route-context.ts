// SPDX-License-Identifier: Apache-2.0
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppOptions } from '../app-options.js';
import type { StoreEndpoint } from '../clients/store-endpoint.js';
import type { IdentitySnapshots } from '../session/session-info.js';
import type { OidcFlows } from '../sso/oidc-flow.js';
import type { SsoSettings } from '../sso/sso-settings.js';

/** A Fastify instance whose routes are typed from zod schemas (the contracts). */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What route modules share; built once by `buildApp`. */
export interface RouteContext {
  options: AppOptions;
  endpoint: StoreEndpoint;
  identities: IdentitySnapshots;
  /** Single sign-on in effect (OpenID providers, LDAP) and the OpenID sign-ins in flight (issue 23). */
  sso: { settings: SsoSettings; flows: OidcFlows };
}
