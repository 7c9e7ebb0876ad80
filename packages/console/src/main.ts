// SPDX-License-Identifier: Apache-2.0
/**
 * The only file that listens: `npm start` runs it. Reads the configuration, starts the embedded store
 * (unless CONSOLE_MINIO_SERVER points at another server), then the console, and stops both cleanly on
 * SIGINT/SIGTERM so no write is cut half-way.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type CertsDir,
  CliError,
  loadCertsDir,
  randomRootCredentials,
  STOWAGE_VERSION,
  type StoreHandle,
  startStore,
  trustCertsDir,
  writeFileAtomic,
} from '@stowage/store';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/env.js';
import { loadLogSearchConfig } from './config/log-search-env.js';
import { loadOperatorConfig } from './config/operator-env.js';
import { resolveSecrets } from './config/secrets.js';
import { openAuditStore, startRetention } from './log-search/open-store.js';
import {
  auditIngestEndpoint,
  receiveAuditInProcess,
  registerAuditWebhook,
} from './log-search/register-webhook.js';
import { LocalTenantDriver } from './operator/local/local-driver.js';
import { loadOrCreateOperatorToken } from './operator/operator-token.js';
import { ssoFromEnv } from './sso/sso-options.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDist = path.resolve(here, '../../web/dist');

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const secrets = await resolveSecrets(config, { randomRootCredentials, writeFileAtomic });
  // STOWAGE_CERTS_DIR: HTTPS for the console and the embedded store; this process trusts the pair.
  let certs: CertsDir | null = null;
  if (config.certsDir !== null) {
    certs = await loadCertsDir(config.certsDir);
    if (!certs)
      throw new CliError(`STOWAGE_CERTS_DIR: ${config.certsDir} holds no public.crt and private.key`);
    trustCertsDir(certs);
  }
  const scheme = certs ? 'https' : 'http';

  let store: StoreHandle | null = null;
  let s3Endpoint: string;
  if (config.minioServer === null) {
    store = await startStore({
      dataDir: config.dataDir,
      drives: config.drives,
      port: config.s3Port,
      host: config.host,
      rootUser: secrets.rootUser,
      rootPassword: secrets.rootPassword,
      ...(certs ? { tls: { cert: certs.cert, key: certs.key, cas: certs.cas } } : {}),
    });
    s3Endpoint = `${scheme}://127.0.0.1:${store.port}`;
  } else {
    s3Endpoint = config.minioServer.origin;
  }

  // Audit log search (issue 22): SQLite by default, PostgreSQL when CONSOLE_LOG_SEARCH_POSTGRES_DSN is set.
  const logSearch = loadLogSearchConfig(process.env, {
    dataDir: config.dataDir,
    embedded: store !== null,
    sessionKey: secrets.sessionKey,
  });
  const auditStore = logSearch ? await openAuditStore(logSearch) : null;
  const stopRetention =
    logSearch && auditStore
      ? startRetention(auditStore, logSearch.retentionMs, (err) =>
          process.stderr.write(
            `Audit log retention failed: ${err instanceof Error ? err.message : String(err)}\n`,
          ),
        )
      : () => undefined;

  const local = config.host === '0.0.0.0' ? '127.0.0.1' : config.host === '::' ? '[::1]' : config.host;
  const consoleUrl = `${scheme}://${local}:${config.consolePort}`;
  // The embedded store's audit records go to the log search in this process (./log-search/register-webhook.ts).
  if (store && logSearch?.registerEmbedded && auditStore) {
    receiveAuditInProcess(store, auditIngestEndpoint(consoleUrl), logSearch.token, auditStore);
  }

  // Operator mode (issue 33): tenants are store servers this console starts (`stowage server`).
  const operatorConfig = loadOperatorConfig(process.env, config.dataDir);
  const tools = { randomRootCredentials, writeFileAtomic };
  let operatorDriver: LocalTenantDriver | null = null;
  let operatorToken: { token: string; generated: boolean } | null = null;
  if (operatorConfig) {
    const storeMain = fileURLToPath(import.meta.resolve('@stowage/store'));
    const storePkg = JSON.parse(
      await readFile(path.resolve(path.dirname(storeMain), '../package.json'), 'utf8'),
    ) as { version: string };
    operatorDriver = new LocalTenantDriver({
      root: operatorConfig.root,
      classes: operatorConfig.classes,
      server: { command: process.execPath, prefix: [path.join(path.dirname(storeMain), 'cli/main.js')] },
      image: `stowage/store:${storePkg.version}`,
      tools,
    });
    await operatorDriver.start();
    operatorToken = await loadOrCreateOperatorToken(config.dataDir, tools);
  }

  const app = await buildApp({
    s3Endpoint,
    region: config.region,
    sessionKey: secrets.sessionKey,
    sessionDurationSeconds: config.sessionDurationSeconds,
    ...(certs ? { https: { cert: certs.cert, key: certs.key }, secureCookies: true } : {}),
    connection: {
      ...(config.serverCa === null ? {} : { ca: config.serverCa }),
      skipTlsVerification: config.tlsSkipVerification,
      pathStyle: config.pathStyle,
      timeoutMs: config.serverTimeoutMs,
    },
    webDist,
    version: STOWAGE_VERSION,
    licensesFile: path.join(here, 'licenses.json'),
    logger: false,
    ...(operatorDriver && operatorToken
      ? { operator: { driver: operatorDriver, token: operatorToken.token } }
      : {}),
    jobs: { dir: path.join(config.dataDir, '.console', 'jobs') },
    ...(config.prometheus ? { prometheus: config.prometheus } : {}),
    ...(logSearch && auditStore ? { logSearch: { store: auditStore, token: logSearch.token } } : {}),
    // SSO: CONSOLE_IDP_* / CONSOLE_LDAP_ENABLED, and the embedded store's own identity configuration.
    sso: {
      ...ssoFromEnv(process.env),
      ...(store ? { serverAdmin: { accessKey: secrets.rootUser, secretKey: secrets.rootPassword } } : {}),
    },
  });
  await app.listen({ port: config.consolePort, host: config.host });
  if (store && logSearch?.registerEmbedded) {
    await registerAuditWebhook({
      storeUrl: s3Endpoint,
      rootUser: secrets.rootUser,
      rootPassword: secrets.rootPassword,
      consoleUrl,
      token: logSearch.token,
    });
  }

  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  const lines = [
    `Stowage console: ${scheme}://${shown}:${config.consolePort}`,
    store
      ? `Embedded store (S3 API): ${scheme}://${shown}:${store.port}  drives: ${config.drives} in ${config.dataDir}`
      : `Storage server: ${s3Endpoint}`,
  ];
  if (store) {
    lines.push(`RootUser: ${secrets.rootUser}`);
    lines.push(`RootPass: ${secrets.rootPassword}`);
    if (secrets.rootGenerated) {
      lines.push(
        `(generated on first start and kept in ${path.join(config.dataDir, '.console/secrets.json')})`,
      );
    }
  }
  if (operatorToken) {
    lines.push(`OperatorToken: ${operatorToken.token}`);
    lines.push(
      `(operator mode: sign in with this token; ${operatorToken.generated ? 'generated now and ' : ''}kept in ${path.join(config.dataDir, '.console/operator-token.json')})`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (config.tlsSkipVerification) {
    process.stderr.write(
      "WARNING: CONSOLE_MINIO_SERVER_TLS_SKIP_VERIFICATION=on: the storage server's TLS certificate is not checked, so anyone between the console and the server can read and change the traffic, credentials included. Use it in a lab only; give the server's CA with CONSOLE_MINIO_SERVER_CA instead.\n",
    );
  }

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`${signal} received, stopping…\n`);
    await app.close();
    // Tenants keep running; the next start adopts them.
    await operatorDriver?.close();
    await store?.close();
    stopRetention();
    await auditStore?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof CliError) {
    process.stderr.write(`${err.message}\n`);
  } else {
    process.stderr.write(
      `Stowage failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
