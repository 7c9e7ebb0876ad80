// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decryptData, encryptData, isEncrypted, KeyCache } from '@stowage/madmin';
import { type BackgroundServices, startBackgroundServices } from '../../background/services.js';
import { ALL_SETS, effectiveRegion, StoreConfigService } from '../../config/index.js';
import type { StoreContext } from '../../core/context.js';
import type { AuthenticatedRequest } from '../../core/request.js';
import { createObjectEventBus } from '../../events/object-events.js';
import { createTraceBus } from '../../events/trace-events.js';
import { openIam } from '../../iam/index.js';
import { openKms } from '../../kms/index.js';
import { StoreLog } from '../../log/store-log.js';
import { LogWebhooks } from '../../logging/webhooks.js';
import { openObjectLayer } from '../../object-layer/index.js';
import type { ObjectLayer } from '../../object-layer/types.js';
import { handleStsRequest } from '../../sts/handler.js';
import { ADMIN_PREFIX, handleAdminRequest } from '../router.js';

/** Client-side key cache: one Argon2id derivation per secret instead of one per request. */
const clientKeys = new KeyCache();

export const ROOT = { accessKey: 'rootadmin', secretKey: 'rootsecret-0123456789' };

export interface AdminReply {
  status: number;
  /** Parsed JSON body (decrypted first when it was encrypted); null when empty. */
  json: unknown;
  text: string;
}

/**
 * A store context on a real object layer in a temp dir, with requests handed straight to the admin and
 * STS handlers as the server would after verifying signatures (the caller's identity and secret come
 * from IAM lookup, exactly what SigV4 verification resolves). For function-level tests of operations.
 */
export class AdminHarness {
  private constructor(
    readonly dir: string,
    readonly layer: ObjectLayer,
    readonly ctx: StoreContext,
    /** The background services behind `ctx.usage` (the usage scanner). */
    readonly services: BackgroundServices,
    /** Logger and audit webhooks behind `ctx.webhooks`. */
    readonly webhooks: LogWebhooks,
  ) {}

  static async open(drives = 4, dir?: string): Promise<AdminHarness> {
    const dataDir = dir ?? (await mkdtemp(path.join(tmpdir(), 'stowage-admin-')));
    const layer = await openObjectLayer({
      dataDir,
      drives,
      fsync: false,
      healthIntervalMs: 0,
    });
    const log = new StoreLog();
    const config = await StoreConfigService.open({ system: layer.system, log, sets: ALL_SETS, env: {} });
    const iam = await openIam(layer.system, ROOT);
    const events = createObjectEventBus();
    const services = startBackgroundServices(
      { layer, iam, events },
      { scanIntervalMs: 3_600_000, dirtyDelayMs: 10 },
    );
    const trace = createTraceBus();
    const webhooks = new LogWebhooks({ config, log, trace, deploymentId: 'test-deployment', dataDir });
    webhooks.start();
    const ctx: StoreContext = {
      layer,
      iam,
      options: { dataDir, drives, port: 0, rootUser: ROOT.accessKey, rootPassword: ROOT.secretKey },
      startedAt: new Date(),
      get region() {
        return effectiveRegion(config, undefined);
      },
      config,
      url: 'http://127.0.0.1:9000',
      deploymentId: 'test-deployment',
      domains: [],
      usage: services.scanner,
      trace,
      webhooks,
      events,
      log,
      shutdown: new AbortController().signal,
      onServiceAction: null,
      kms: await openKms(layer.system, {}),
    };
    return new AdminHarness(dataDir, layer, ctx, services, webhooks);
  }

  async close(removeDir = true): Promise<void> {
    await this.webhooks.close();
    await this.services.stop();
    await this.layer.close();
    if (removeDir) await rm(this.dir, { recursive: true, force: true });
  }

  async #request(
    accessKey: string,
    method: string,
    urlPath: string,
    query: Record<string, string | string[]>,
    body: Buffer,
  ): Promise<{ req: AuthenticatedRequest; secret: string }> {
    const creds = accessKey === '' ? null : await this.ctx.iam.lookup(accessKey);
    if (accessKey !== '' && !creds) throw new Error(`unknown or disabled access key ${accessKey}`);
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) for (const x of Array.isArray(v) ? v : [v]) q.append(k, x);
    const req: AuthenticatedRequest = {
      method,
      path: urlPath,
      query: q,
      headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD', host: '127.0.0.1:9000' },
      body,
      identity: creds?.identity ?? { kind: 'anonymous', accessKey: '', parentUser: '' },
      secretKey: creds?.secretKey ?? '',
      sourceIp: '127.0.0.1',
      signal: new AbortController().signal,
    };
    return { req, secret: creds?.secretKey ?? '' };
  }

  /**
   * Calls `<ADMIN_PREFIX><p>` as `accessKey`; `body` objects are JSON, encrypted when `encrypt`; a
   * successful answer is decrypted when `decrypt`.
   */
  async admin(
    accessKey: string,
    method: string,
    p: string,
    opts: {
      query?: Record<string, string | string[]>;
      body?: unknown;
      encrypt?: boolean;
      decrypt?: boolean;
    } = {},
  ): Promise<AdminReply> {
    const creds = await this.ctx.iam.lookup(accessKey);
    const secret = creds?.secretKey ?? '';
    let body: Buffer = Buffer.alloc(0);
    if (opts.body !== undefined) {
      const plain = Buffer.from(typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body));
      body = opts.encrypt ? await encryptData(secret, plain, { keyCache: clientKeys }) : plain;
    }
    const { req } = await this.#request(accessKey, method, `${ADMIN_PREFIX}${p}`, opts.query ?? {}, body);
    const res = await handleAdminRequest(req, this.ctx);
    let raw: Buffer = Buffer.isBuffer(res.body)
      ? res.body
      : Buffer.from(typeof res.body === 'string' ? res.body : '');
    if (opts.decrypt && res.status < 300 && raw.length > 0 && isEncrypted(raw)) {
      raw = await decryptData(secret, raw, { keyCache: clientKeys });
    }
    const text = raw.toString('utf8');
    return { status: res.status, text, json: text === '' ? null : JSON.parse(text) };
  }

  /** Sends an STS form request (signed as `accessKey`, or anonymous with ''). */
  async sts(accessKey: string, form: Record<string, string>): Promise<{ status: number; body: string }> {
    const { req } = await this.#request(
      accessKey,
      'POST',
      '/',
      {},
      Buffer.from(new URLSearchParams(form).toString()),
    );
    const res = await handleStsRequest(req, this.ctx);
    return { status: res.status, body: String(res.body ?? '') };
  }
}
