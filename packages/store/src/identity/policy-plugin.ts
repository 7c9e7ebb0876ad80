// SPDX-License-Identifier: Apache-2.0
import { type PluginHook, PluginHookError, pluginHook, postToHook } from './plugin-hook.js';

/** The `policy_plugin` hook in effect. */
export function policyPluginHook(url: string, authToken: string, http2: boolean): PluginHook {
  return pluginHook('access management plugin', url, authToken, http2);
}

/**
 * Asks the access management plugin: `POST <url>` with `{"input": <policy args>}` (MinIO's access
 * management plugin protocol). The answer is `{"result": true|false}` or `{"result": {"allow":
 * true|false}}`; any other status than 2xx, or a body that is neither, is a {@link PluginHookError}
 * (the caller denies).
 */
export async function askPolicyPlugin(hook: PluginHook, input: unknown): Promise<boolean> {
  const { status, json } = await postToHook(hook, { body: JSON.stringify({ input }) });
  if (status < 200 || status > 299) {
    throw new PluginHookError(`the ${hook.what} hook answered HTTP ${status}`);
  }
  const result =
    typeof json === 'object' && json !== null ? (json as { result?: unknown }).result : undefined;
  if (typeof result === 'boolean') return result;
  if (typeof result === 'object' && result !== null) {
    const allow = (result as { allow?: unknown }).allow;
    if (typeof allow === 'boolean') return allow;
  }
  throw new PluginHookError(
    `the ${hook.what} hook answered neither {"result": true|false} nor {"result": {"allow": true|false}}`,
  );
}
