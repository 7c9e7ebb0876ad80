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
import type { JobService } from '../jobs/job-service.js';
import type { OperatorOptions } from '../operator/driver.js';
import type { IdentitySnapshots } from '../session/session-info.js';
import type { OidcFlows } from '../sso/oidc-flow.js';
import type { SsoSettings } from '../sso/sso-settings.js';
import type { LoginThrottle } from './login/login-throttle.js';

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
  /** Failed sign-ins per client address, shared by every way of signing in (keys, operator token). */
  loginThrottle: LoginThrottle;
  /** Operator mode (issue 33): the tenant driver and the operator token; absent = a plain console. */
  operator?: OperatorOptions;
  /** `buildApp` itself, for the operator's per-tenant consoles (Manage Tenant); set by app.ts. */
  buildConsole?: (options: AppOptions) => Promise<FastifyInstance>;
  /** Background jobs: copy, move, rename, big deletes (issue 35). */
  jobs: JobService;
}
