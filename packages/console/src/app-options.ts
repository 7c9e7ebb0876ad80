// SPDX-License-Identifier: Apache-2.0
import type { ConnectionOptions } from './clients/connection.js';
import type { AuditStore } from './log-search/audit-rows.js';
import type { OperatorOptions } from './operator/driver.js';
import type { SsoOptions } from './sso/sso-options.js';

/** What `buildApp` needs; `main.ts` derives it from the validated environment (config/env.ts). */
export interface AppOptions {
  /** `http(s)://host:port` of the embedded store or a MinIO server. */
  s3Endpoint: string;
  /** Region the console signs S3 requests with; '' or unset = us-east-1 (the store's default). */
  region?: string;
  /**
   * How to connect to the server (issue 24): a PEM CA bundle, skip-verify for labs, the connect and
   * sign-in answer timeout, path-style vs virtual-host addressing. Defaults: Node's roots, verified,
   * 10 s, path-style.
   */
  connection?: ConnectionOptions;
  /** 32-byte key sealing the session cookie (derived by main.ts from CONSOLE_PBKDF_PASSPHRASE/SALT). */
  sessionKey: Buffer;
  /** Lifetime of a session and of the STS credentials behind it. */
  sessionDurationSeconds: number;
  /** Folder of the built SPA; omit to serve the API only (tests). */
  webDist?: string;
  /** Mark the session cookie `Secure` and send HSTS (set when served over TLS). */
  secureCookies?: boolean;
  /**
   * The app serves a tenant inside the operator console's Manage Tenant and Metrics frames (spec 3 §2):
   * its pages may be framed by the same origin (`frame-ancestors 'self'`, X-Frame-Options SAMEORIGIN).
   */
  framedBySameOrigin?: boolean;
  /** Serve HTTPS with this key pair (main.ts: STOWAGE_CERTS_DIR, with `secureCookies`). */
  https?: { cert: Buffer; key: Buffer };
  /** Failed sign-ins allowed per client address per window (default 10 per minute); successful ones are free. */
  loginRateLimit?: { max: number; timeWindowMs: number };
  /** OpenID Connect sign-in: when set the login strategy is `redirect` (issue 5; the exchange comes later). */
  openId?: { redirect: string };
  /** Single sign-on (issue 23): the server's identity_openid/identity_ldap, or CONSOLE_IDP_* (sso/). */
  sso?: SsoOptions;
  /**
   * Operator mode (issue 33, spec 3): sign-in with the operator token (login strategy `service-account`),
   * tenants through the driver. `true` alone only switches the login strategy (older tests).
   */
  operator?: boolean | OperatorOptions;
  logger?: boolean;
  /** The Prometheus server behind the dashboard's widgets (CONSOLE_PROMETHEUS_URL, _JOB_ID). */
  prometheus?: { url: string; jobId: string };
  /**
   * Audit log search (issue 22): where records are kept, and the token the server's audit webhook must
   * send. When set the session lists the 'log-search' feature.
   */
  logSearch?: { store: AuditStore; token: string };
  /** The version of Stowage (main.ts: the store's `STOWAGE_VERSION`, from the root package.json). */
  version?: string;
  /** The licence and third-party notices written at build (`packages/console/dist/licenses.json`). */
  licensesFile?: string;
  /** Ping period of live sockets (default 10 s, spec 3 §9); tests shorten it. */
  liveKeepAliveMs?: number;
  /**
   * Background jobs (issue 35): the folder of their journal (main.ts: `<data dir>/.console/jobs`; without
   * one jobs live in memory and do not survive a restart), keys handled at once, and the size above which
   * copies go in parts (S3's 5 GiB CopyObject limit by default; tests lower it).
   */
  jobs?: { dir?: string; concurrency?: number; multipartThreshold?: number };
}
