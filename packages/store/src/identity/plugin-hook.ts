// SPDX-License-Identifier: Apache-2.0
import { Agent, type Dispatcher, request } from 'undici';

/** How long MinIO waits for a plugin hook; the same bound applies to both plugins here. */
export const PLUGIN_HOOK_TIMEOUT_MS = 5000;

/**
 * A plugin hook that could not give an answer: unreachable, too slow, or an answer that is not what
 * MinIO's plugin protocol allows. The message names the plugin and the problem, never the token.
 */
export class PluginHookError extends Error {
  override readonly name = 'PluginHookError';
}

/** One hook endpoint: where, its `Authorization` header, and the connection pool it reuses. */
export interface PluginHook {
  /** e.g. `identity plugin`, `access management plugin`: how errors name it. */
  readonly what: string;
  readonly url: URL;
  readonly authToken: string;
  readonly dispatcher: Dispatcher;
}

/** A hook endpoint with its own connection pool (HTTP/2 offered through ALPN when asked for). */
export function pluginHook(what: string, url: string, authToken: string, http2 = false): PluginHook {
  return {
    what,
    url: new URL(url),
    authToken,
    dispatcher: new Agent({
      allowH2: http2,
      headersTimeout: PLUGIN_HOOK_TIMEOUT_MS,
      bodyTimeout: PLUGIN_HOOK_TIMEOUT_MS,
      connect: { timeout: PLUGIN_HOOK_TIMEOUT_MS },
    }),
  };
}

function cause(err: unknown): string {
  const e = err as {
    name?: string;
    code?: string;
    message?: string;
    cause?: { code?: string; message?: string };
  };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || /timeout/i.test(e.code ?? '')) {
    return `did not answer within ${PLUGIN_HOOK_TIMEOUT_MS / 1000} s`;
  }
  const code = e.code ?? e.cause?.code;
  return `could not be reached (${code ?? e.message ?? String(err)})`;
}

/**
 * POSTs to the hook (MinIO sends the configured token as the `Authorization` header as given) and
 * reads the whole answer, within {@link PLUGIN_HOOK_TIMEOUT_MS}. JSON bodies are parsed; `json` is
 * undefined when the body is not JSON.
 */
export async function postToHook(
  hook: PluginHook,
  opts: { query?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; json: unknown }> {
  const url = new URL(hook.url);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (hook.authToken !== '') headers.authorization = hook.authToken;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let status: number;
  let text: string;
  try {
    const res = await request(url, {
      method: 'POST',
      headers,
      body: opts.body ?? '',
      dispatcher: hook.dispatcher,
      signal: AbortSignal.timeout(PLUGIN_HOOK_TIMEOUT_MS),
    });
    status = res.statusCode;
    text = await res.body.text();
  } catch (err) {
    throw new PluginHookError(`the ${hook.what} hook ${cause(err)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status, json };
}
