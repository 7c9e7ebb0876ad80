// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import { Agent, fetch } from 'undici';
import { eventMessage, type TargetModule } from '../target.js';

const TIMEOUT_MS = 5000;

/**
 * `notify_webhook`: each event POSTed as JSON (`{EventName, Key, Records}`) to the endpoint, one per
 * request; any 2xx answer delivers it. `auth_token` is sent as `Authorization: Bearer <token>` (as
 * given when it already names a scheme); `client_cert`/`client_key` for mTLS.
 */
export const webhook: TargetModule = {
  atomicBatch: false,
  validate(v) {
    try {
      const u = new URL(v.endpoint ?? '');
      if (u.protocol !== 'http:' && u.protocol !== 'https:') return "'endpoint' must be an http(s) URL";
    } catch {
      return "'endpoint' must be an http(s) URL";
    }
    if (Boolean(v.client_cert) !== Boolean(v.client_key))
      return "'client_cert' and 'client_key' must be given together";
    return undefined;
  },
  open(v) {
    const endpoint = v.endpoint ?? '';
    const tls =
      v.client_cert && v.client_key
        ? { cert: readFileSync(v.client_cert), key: readFileSync(v.client_key) }
        : undefined;
    const dispatcher = new Agent(tls ? { connect: tls } : {});
    const token = v.auth_token ?? '';
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...(token ? { authorization: token.includes(' ') ? token : `Bearer ${token}` } : {}),
    };
    return {
      async send(events) {
        for (const e of events) {
          const res = await fetch(endpoint, {
            method: 'POST',
            body: eventMessage(e),
            headers,
            dispatcher,
            signal: AbortSignal.timeout(TIMEOUT_MS),
          });
          await res.body?.cancel();
          if (res.status < 200 || res.status > 299) {
            throw new Error(`${endpoint} returned '${res.status} ${res.statusText}'`);
          }
        }
      },
      async probe() {
        const res = await fetch(endpoint, {
          method: 'HEAD',
          headers,
          dispatcher,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await res.body?.cancel();
      },
      close: () => dispatcher.close(),
    };
  },
};
