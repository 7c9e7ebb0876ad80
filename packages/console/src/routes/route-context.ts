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
}
