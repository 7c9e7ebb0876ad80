// SPDX-License-Identifier: Apache-2.0
/**
 * The `stowage` command of the installed package (bin/stowage.mjs checks the Node version, then calls
 * `runStowage`): no command runs the console with its embedded store as `npm start` does (./main.ts);
 * `stowage server …` runs the store on its own (the store's own command, packages/store/src/cli/);
 * `--version`; `--help` with every environment variable.
 */
import { STOWAGE_VERSION } from '@stowage/store';

/** One environment variable the command reads, as `--help` lists it. */
export interface EnvVariable {
  name: string;
  default: string;
  meaning: string;
}

/** Every environment variable of the console and its embedded store (docs/configuration.md explains each). */
export const ENVIRONMENT: ReadonlyArray<{ title: string; variables: EnvVariable[] }> = [
  {
    title: 'Console and embedded store',
    variables: [
      { name: 'CONSOLE_PORT', default: '9090', meaning: 'console port (web app and /api/v1)' },
      { name: 'CONSOLE_HOST', default: '0.0.0.0', meaning: 'address the console and the store bind to' },
      { name: 'STOWAGE_S3_PORT', default: '9000', meaning: 'embedded store: S3, STS and admin API port' },
      {
        name: 'STOWAGE_DATA_DIR',
        default: './data',
        meaning: 'drive folders and the console’s kept secrets',
      },
      { name: 'STOWAGE_DRIVES', default: '4', meaning: 'number of drive folders (≥ 4: erasure-coded)' },
      { name: 'MINIO_ROOT_USER', default: 'generated', meaning: 'root access key (set both or neither)' },
      { name: 'MINIO_ROOT_PASSWORD', default: 'generated', meaning: 'root secret key' },
      {
        name: 'MINIO_KMS_SECRET_KEY',
        default: 'generated',
        meaning: 'KMS master key, <name>:<base64 of 32 bytes>',
      },
      {
        name: 'MINIO_PROMETHEUS_AUTH_TYPE',
        default: 'jwt',
        meaning: 'metrics scrapes: jwt (bearer token) or public',
      },
      {
        name: 'STOWAGE_SSE_C_ALLOW_HTTP',
        default: 'off',
        meaning: 'on: accept SSE-C over plain HTTP (local use only)',
      },
      {
        name: 'STOWAGE_CERTS_DIR',
        default: 'unset',
        meaning: 'folder with public.crt, private.key (and CAs/): console and store serve HTTPS only',
      },
      {
        name: 'STOWAGE_HEAP_GROWING_PERCENT',
        default: '200',
        meaning: "heap growth past live data before a full GC (0: V8's own, less memory)",
      },
      {
        name: 'MINIO_<SET>_<KEY>[_<TARGET>]',
        default: 'unset',
        meaning: 'overrides a stored configuration value, as in MinIO',
      },
    ],
  },
  {
    title: 'Operator mode',
    variables: [
      {
        name: 'CONSOLE_OPERATOR_MODE',
        default: 'off',
        meaning: 'on: the operator console (tenants as store servers on this machine)',
      },
      {
        name: 'CONSOLE_OPERATOR_STORAGE_CLASSES',
        default: 'standard=<data dir>/operator/volumes',
        meaning: 'storage classes as name=/folder[:size],…',
      },
    ],
  },
  {
    title: 'Managing another server',
    variables: [
      {
        name: 'CONSOLE_MINIO_SERVER',
        default: 'unset',
        meaning: 'URL of a MinIO/S3 server to manage instead',
      },
      { name: 'CONSOLE_MINIO_REGION', default: "''", meaning: 'region requests are signed for' },
      {
        name: 'CONSOLE_MINIO_SERVER_CA',
        default: 'unset',
        meaning: 'PEM CA bundle trusted for the server’s TLS',
      },
      {
        name: 'CONSOLE_MINIO_SERVER_TLS_SKIP_VERIFICATION',
        default: 'off',
        meaning: 'on: accept any certificate (labs)',
      },
      { name: 'CONSOLE_MINIO_PATH_STYLE', default: 'on', meaning: 'off: virtual-host style requests' },
      {
        name: 'CONSOLE_MINIO_TIMEOUT',
        default: '10s',
        meaning: 'connect and sign-in answer timeout (1s–10m)',
      },
    ],
  },
  {
    title: 'Sessions',
    variables: [
      {
        name: 'CONSOLE_PBKDF_PASSPHRASE',
        default: 'generated',
        meaning: 'with the salt, derives the session cookie key',
      },
      {
        name: 'CONSOLE_PBKDF_SALT',
        default: 'generated',
        meaning: 'same on every replica keeps sessions valid',
      },
      { name: 'CONSOLE_STS_DURATION', default: '12h', meaning: 'session lifetime, 15m–8760h' },
    ],
  },
  {
    title: 'Monitoring and audit log search',
    variables: [
      {
        name: 'CONSOLE_PROMETHEUS_URL',
        default: 'unset',
        meaning: 'Prometheus scraping the store: dashboard widgets',
      },
      {
        name: 'CONSOLE_PROMETHEUS_JOB_ID',
        default: 'minio-job',
        meaning: 'the scrape job the widgets select',
      },
      { name: 'CONSOLE_LOG_SEARCH', default: 'on', meaning: 'audit log search (Logs → Audit Logs)' },
      {
        name: 'CONSOLE_LOG_SEARCH_DB',
        default: '<data>/.console/audit.db',
        meaning: 'SQLite file of audit records',
      },
      {
        name: 'CONSOLE_LOG_SEARCH_POSTGRES_DSN',
        default: 'unset',
        meaning: 'keep audit records in PostgreSQL',
      },
      {
        name: 'CONSOLE_LOG_SEARCH_RETENTION',
        default: '168h',
        meaning: 'audit records older than this go (≥ 1h)',
      },
      {
        name: 'CONSOLE_LOG_SEARCH_TOKEN',
        default: 'derived',
        meaning: 'auth_token of the audit webhook (≥ 16 chars)',
      },
    ],
  },
  {
    title: 'Single sign-on with another server',
    variables: [
      { name: 'CONSOLE_IDP_URL', default: 'unset', meaning: 'OpenID provider’s discovery document' },
      {
        name: 'CONSOLE_IDP_CLIENT_ID',
        default: 'unset',
        meaning: 'this console’s client id at the provider',
      },
      { name: 'CONSOLE_IDP_SECRET', default: 'unset', meaning: 'its client secret' },
      {
        name: 'CONSOLE_IDP_CALLBACK',
        default: '<console>/oauth_callback',
        meaning: 'the registered redirect URI',
      },
      { name: 'CONSOLE_IDP_SCOPES', default: 'openid,…', meaning: 'comma-separated scopes' },
      { name: 'CONSOLE_IDP_DISPLAY_NAME', default: 'Login with SSO', meaning: 'the sign-in button’s label' },
      {
        name: 'CONSOLE_IDP_ROLE_ARN',
        default: 'unset',
        meaning: 'RoleArn sent to STS for a role_policy provider',
      },
      {
        name: 'CONSOLE_LDAP_ENABLED',
        default: 'off',
        meaning: 'on: sign in with directory user and password',
      },
    ],
  },
];

function helpText(): string {
  const width = Math.max(...ENVIRONMENT.flatMap((g) => g.variables.map((v) => v.name.length))) + 2;
  const sections = ENVIRONMENT.map(
    (g) =>
      `${g.title}:\n${g.variables
        .map((v) => `  ${v.name.padEnd(width)}${v.meaning} (default: ${v.default})`)
        .join('\n')}`,
  );
  return [
    `stowage ${STOWAGE_VERSION} — web console for S3-compatible object storage, with an embedded object store`,
    '',
    'Usage:',
    '  stowage                 console on CONSOLE_PORT and the embedded store on STOWAGE_S3_PORT (as `npm start`)',
    '  stowage server ...      the object store on its own (stowage server --help)',
    '  stowage --version       the version',
    '  stowage --help          this help',
    '',
    'Environment:',
    ...sections.flatMap((s) => [s, '']),
    'Documentation: the README and docs/ in the package folder (docs/configuration.md for the variables).',
  ].join('\n');
}

/** Runs the command line; resolves when a one-shot command is done (a server keeps the process alive). */
export async function runStowage(argv: readonly string[]): Promise<void> {
  const [command] = argv;
  switch (command) {
    case undefined:
      await import('./main.js');
      return;
    case 'server':
      // The store's own command reads the same argv (`server …`) and owns the process from here.
      await import('@stowage/store/cli');
      return;
    case '-v':
    case '--version':
    case 'version':
      process.stdout.write(`stowage version ${STOWAGE_VERSION}\n`);
      return;
    case '-h':
    case '--help':
    case 'help':
      process.stdout.write(`${helpText()}\n`);
      return;
    default:
      process.stderr.write(`stowage: unknown command "${command}" (try stowage --help)\n`);
      process.exitCode = 2;
  }
}
