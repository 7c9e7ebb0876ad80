// SPDX-License-Identifier: Apache-2.0
import type http from 'node:http';
import https from 'node:https';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import { apiPaths } from '@stowage/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppOptions } from './app-options.js';
import { parseStoreEndpoint } from './clients/store-endpoint.js';
import { apiErrors } from './errors/api-http-error.js';
import { registerErrorHandler } from './errors/error-handler.js';
import { rewriteProxyUrl } from './http/base-path.js';
import { refuseCrossSiteRequests } from './http/csrf.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerSpa, sendIndex, wantsSpa } from './http/spa.js';
import { JobJournal } from './jobs/job-journal.js';
import { JobService } from './jobs/job-service.js';
import { registerAccountRoutes } from './routes/account/register-account-routes.js';
import { registerBucketAccessRoutes } from './routes/buckets/bucket-access-routes.js';
import { registerBucketTagsRoutes } from './routes/buckets/bucket-tags-routes.js';
import { registerGetBucketCors } from './routes/buckets/get-bucket-cors.js';
import { registerListBuckets } from './routes/buckets/list-buckets.js';
import { registerPutBucketCors } from './routes/buckets/put-bucket-cors.js';
import { registerBucketRoutes } from './routes/buckets/register-bucket-routes.js';
import { registerConfigRoutes } from './routes/configs/register-config-routes.js';
import { registerGetAdminInfo } from './routes/dashboard/get-admin-info.js';
import { registerGetWidget } from './routes/dashboard/get-widget.js';
import { registerGroupRoutes } from './routes/groups/register-group-routes.js';
import { registerGetBackgroundHeal } from './routes/heal/get-background-heal.js';
import { registerIdpRoutes } from './routes/idp/register-idp-routes.js';
import { registerInspectData } from './routes/inspect/inspect-data.js';
import { registerJobRoutes } from './routes/jobs/register-job-routes.js';
import { registerKmsRoutes } from './routes/kms/register-kms-routes.js';
import { registerLdapEntityRoutes } from './routes/ldap-entities/register-ldap-entity-routes.js';
import { registerGetAbout } from './routes/license/get-about.js';
import { registerGetLicense } from './routes/license/get-license.js';
import { registerGetServerLicense } from './routes/license/get-server-license.js';
import { registerLifecycleRoutes } from './routes/lifecycle/register-lifecycle-routes.js';
import { registerConsoleLog } from './routes/live/console-log.js';
import { registerHeal } from './routes/live/heal.js';
import { registerHealthInfo } from './routes/live/health-info.js';
import { closeLiveSockets, keepLiveSocketsAlive, LIVE_KEEPALIVE_MS } from './routes/live/keep-alive.js';
import { registerSpeedtest } from './routes/live/speedtest.js';
import { registerTrace } from './routes/live/trace.js';
import { registerWatch } from './routes/live/watch.js';
import { registerGetLoginStrategy } from './routes/login/get-login-strategy.js';
import { registerLogin } from './routes/login/login.js';
import { registerLoginOAuth2 } from './routes/login/login-oauth2.js';
import { registerLoginOperator } from './routes/login/login-operator.js';
import { LoginThrottle } from './routes/login/login-throttle.js';
import { registerLogout } from './routes/login/logout.js';
import { registerIngestAudit } from './routes/logs/ingest-audit.js';
import { registerSearchLogs } from './routes/logs/search-logs.js';
import { registerBucketEventRoutes } from './routes/notifications/bucket-events.js';
import { registerNotificationEndpointRoutes } from './routes/notifications/notification-endpoints.js';
import { registerObjectRoutes } from './routes/objects/register-object-routes.js';
import { registerOperatorRoutes, requireOperator } from './routes/operator/register-operator-routes.js';
import { registerHasPermission } from './routes/permissions/has-permission.js';
import { registerPolicyRoutes } from './routes/policies/register-policy-routes.js';
import { registerProfileRoutes } from './routes/profile/profile-routes.js';
import { registerReplicationRoutes } from './routes/replication/register-replication-routes.js';
import { registerRgwRoutes } from './routes/rgw/register-rgw-routes.js';
import type { RouteContext, ZodApp } from './routes/route-context.js';
import { registerRestartService } from './routes/service/restart-service.js';
import { registerServiceAccountRoutes } from './routes/service-accounts/register-service-account-routes.js';
import { registerGetSession } from './routes/session/get-session.js';
import { registerSiteReplicationRoutes } from './routes/site-replication/register-site-replication-routes.js';
import { registerAddTier } from './routes/tiers/add-tier.js';
import { registerListTiers } from './routes/tiers/list-tiers.js';
import { registerRemoveTier } from './routes/tiers/remove-tier.js';
import { registerUpdateTierCredentials } from './routes/tiers/update-tier-credentials.js';
import { registerTopicRoutes } from './routes/topics/register-topic-routes.js';
import { registerUploadRoutes } from './routes/uploads/register-upload-routes.js';
import { registerUserRoutes } from './routes/users/register-user-routes.js';
import { registerWebhookRoutes } from './routes/webhooks/register-webhook-routes.js';
import { IdentitySnapshots } from './session/session-info.js';
import { registerSession, requireSession } from './session/session-plugin.js';
import { OidcFlows } from './sso/oidc-flow.js';
import { SsoSettings } from './sso/sso-settings.js';

export type { AppOptions } from './app-options.js';

/**
 * Builds the console backend: REST API under /api/v1, the SPA, security headers, session handling.
 * Never listens (CONVENTIONS "build the app without listening"): main.ts does, tests use `inject`.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  if (options.sessionKey.length !== 32) throw new Error('sessionKey must be 32 bytes');
  const endpoint = parseStoreEndpoint(options.s3Endpoint, options.region, options.connection);

  const app = Fastify({
    logger: options.logger ?? false,
    // The operator console hands /api/proxy/{ns}/{tenant}/… to that tenant's console (routes/operator/
    // tenant-proxy.ts), which strips the prefix itself; a plain console serves under the prefix directly.
    ...(typeof options.operator === 'object' ? {} : { rewriteUrl: rewriteProxyUrl }),
    // Rate limiting keys on the client address; behind a reverse proxy set it up to pass X-Forwarded-For.
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    // HTTPS (STOWAGE_CERTS_DIR): the same app on a TLS server.
    ...(options.https
      ? { serverFactory: (handler: http.RequestListener) => https.createServer(options.https ?? {}, handler) }
      : {}),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, { url: endpoint.url, timeoutMs: endpoint.connection.timeoutMs });
  app.addHook('onClose', () => endpoint.connection.close());

  await registerSecurityHeaders(app, options.secureCookies ?? false, options.framedBySameOrigin ?? false);
  await app.register(cookie);
  await app.register(websocket, {
    options: { maxPayload: 64 * 1024 },
    preClose(done) {
      closeLiveSockets(this.websocketServer, done);
    },
  });
  keepLiveSocketsAlive(app.websocketServer, options.liveKeepAliveMs ?? LIVE_KEEPALIVE_MS);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      apiErrors.tooManyRequests(`Too many attempts. Try again in ${context.after}.`),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Stowage console API',
        description: 'REST API of the Stowage console (spec 1 §7). Errors are {errorMessage, detailedError}.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'token' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  app.addHook('onRequest', refuseCrossSiteRequests);
  registerSession(app, endpoint, options.sessionKey);

  const ssoSettings = new SsoSettings(endpoint, options.sso);
  const limit = options.loginRateLimit ?? { max: 10, timeWindowMs: 60_000 };
  const jobs = new JobService({
    journal: new JobJournal(options.jobs?.dir),
    endpoint,
    sessionKey: options.sessionKey,
    ...(options.jobs?.concurrency === undefined ? {} : { concurrency: options.jobs.concurrency }),
    ...(options.jobs?.multipartThreshold === undefined
      ? {}
      : { multipartThreshold: options.jobs.multipartThreshold }),
  });
  await jobs.start();
  // Runners stop at their next key; the journal keeps them running, so the next start resumes them.
  app.addHook('preClose', () => jobs.stop());
  const ctx: RouteContext = {
    options,
    loginThrottle: new LoginThrottle(limit.max, limit.timeWindowMs),
    ...(typeof options.operator === 'object' ? { operator: options.operator, buildConsole: buildApp } : {}),
    endpoint,
    // With LDAP the directory owns users and groups: their pages are left out (PROTOCOL-NOTES §5).
    identities: new IdentitySnapshots(
      options.logSearch ? ['log-search'] : [],
      async () => (await ssoSettings.current()).ldap,
    ),
    sso: { settings: ssoSettings, flows: new OidcFlows() },
    jobs,
  };

  // Open routes.
  registerGetLoginStrategy(app, ctx);
  registerLogin(app, ctx);
  registerLoginOperator(app, ctx);
  registerLoginOAuth2(app, ctx);
  registerLogout(app, ctx);
  // The server's audit webhook posts here with the log search token, not a session (issue 22).
  if (options.logSearch) registerIngestAudit(app, options.logSearch.store, options.logSearch.token);
  app.get(apiPaths.openapi, { schema: { hide: true } }, async () => app.swagger());

  // Signed-in routes: 401 before anything else when the session is missing or expired.
  await app.register(async (signedIn: ZodApp) => {
    signedIn.addHook('onRequest', requireSession);
    registerGetSession(signedIn, ctx);
    registerHasPermission(signedIn, ctx);
    registerListBuckets(signedIn, ctx);
    registerGetAdminInfo(signedIn, ctx);
    registerGetWidget(signedIn, ctx);
    // Identity (issue 8, spec 2 §7).
    registerUserRoutes(signedIn, ctx);
    registerRgwRoutes(signedIn, ctx);
    registerGroupRoutes(signedIn, ctx);
    registerPolicyRoutes(signedIn, ctx);
    registerLdapEntityRoutes(signedIn, ctx);
    registerServiceAccountRoutes(signedIn, ctx);
    registerAccountRoutes(signedIn, ctx);
    registerBucketRoutes(signedIn, ctx);
    // Bucket replication (issue 21).
    registerReplicationRoutes(signedIn, ctx);
    // Object browser (issue 7).
    registerObjectRoutes(signedIn, ctx);
    // Background jobs: copy, move, rename, big deletes (issue 35).
    registerJobRoutes(signedIn, ctx);
    // Uploads the browser can resume: multipart step by step (issue 35).
    registerUploadRoutes(signedIn, ctx);
    // Settings, webhooks and the restart banner (issue 15).
    registerConfigRoutes(signedIn, ctx);
    // Lifecycle and tiers (issue 19).
    registerLifecycleRoutes(signedIn, ctx);
    registerListTiers(signedIn, ctx);
    registerAddTier(signedIn, ctx);
    registerUpdateTierCredentials(signedIn, ctx);
    registerRemoveTier(signedIn, ctx);
    // Site replication (issue 34).
    registerSiteReplicationRoutes(signedIn, ctx);
    registerWebhookRoutes(signedIn, ctx);
    registerNotificationEndpointRoutes(signedIn, ctx);
    registerBucketEventRoutes(signedIn, ctx);
    // Ceph RGW's topics; bucket CORS rules, access controls and tags through S3 (issue 36).
    registerTopicRoutes(signedIn, ctx);
    registerGetBucketCors(signedIn, ctx);
    registerPutBucketCors(signedIn, ctx);
    registerBucketAccessRoutes(signedIn, ctx);
    registerBucketTagsRoutes(signedIn, ctx);
    registerRestartService(signedIn, ctx);
    registerInspectData(signedIn, ctx);
    registerProfileRoutes(signedIn, ctx);
    registerGetBackgroundHeal(signedIn, ctx);
    registerIdpRoutes(signedIn, ctx);
    // Encryption: the KMS page (issue 18).
    registerKmsRoutes(signedIn, ctx);
    // License page (issue 40): about, the console's licence and notices, the server's licence.
    registerGetAbout(signedIn, ctx);
    registerGetLicense(signedIn, ctx);
    registerGetServerLicense(signedIn);
    // Live tools (spec 3 §7), over WebSocket.
    registerTrace(signedIn, ctx);
    registerWatch(signedIn, ctx);
    registerConsoleLog(signedIn, ctx);
    // Heal and Diagnostic (issue 22).
    registerHeal(signedIn, ctx);
    registerHealthInfo(signedIn, ctx);
    registerSpeedtest(signedIn, ctx);
    registerSearchLogs(signedIn, ctx, options.logSearch?.store ?? null);
    // Operator mode (issue 33): tenants, storage, sizing — operator sessions only.
    await signedIn.register(async (operator: ZodApp) => {
      operator.addHook('onRequest', requireOperator(ctx));
      registerOperatorRoutes(operator, ctx);
    });
  });

  const webDist = options.webDist;
  if (webDist !== undefined) await registerSpa(app, webDist);
  app.setNotFoundHandler(async (request, reply) => {
    if (webDist !== undefined && wantsSpa(request)) return sendIndex(request, reply, webDist);
    const pathname = request.url.split('?', 1)[0];
    throw apiErrors.notFound(`No such resource: ${request.method} ${pathname}`);
  });

  return app;
}
