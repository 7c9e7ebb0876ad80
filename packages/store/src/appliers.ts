// SPDX-License-Identifier: Apache-2.0
import { durationMs, healPacing, scannerPacing } from './background/pacing.js';
import { type BackgroundServices, configureHeal } from './background/services.js';
import type { StaleUploadCleanup } from './background/stale-uploads.js';
import type { ConfigService } from './config/registry.js';
import { isOn } from './config/registry.js';
import type { EdgeSettings } from './http/dispatch.js';
import type { IamSystem, PolicyPluginHook } from './iam/index.js';
import { PluginHookError } from './identity/plugin-hook.js';
import { askPolicyPlugin, policyPluginHook } from './identity/policy-plugin.js';
import type { StoreLog } from './log/store-log.js';
import type { ObjectLayer } from './object-layer/types.js';
import { identityPluginFromConfig } from './sts/identity-settings.js';

/**
 * The appliers of the `api`, `scanner`, `heal`, `policy_plugin` and `identity_plugin` sets: each runs at start and after every saved change
 * (they are dynamic), so a value saved through the admin API changes what the store does at once.
 */
export interface ApplierDeps {
  config: ConfigService;
  edge: EdgeSettings;
  background: BackgroundServices;
  layer: ObjectLayer;
  staleUploads: StaleUploadCleanup;
  iam: IamSystem;
  log: StoreLog;
}

/**
 * The access management plugin of the `policy_plugin` set (undefined without a `url`): every failure is
 * written to the store log with the hook's URL and denies the request (the client sees the reason).
 */
function policyPluginFrom(config: ConfigService, log: StoreLog): PolicyPluginHook | undefined {
  const v = config.get('policy_plugin').values;
  const url = v.url ?? '';
  if (url === '') return undefined;
  const hook = policyPluginHook(url, v.auth_token ?? '', isOn(v.enable_http2));
  return async (input) => {
    try {
      return await askPolicyPlugin(hook, input);
    } catch (err) {
      if (err instanceof PluginHookError)
        log.error(`policy_plugin ${url}: ${err.message}; the request is denied`);
      throw err;
    }
  };
}

/** Subscribes the appliers; returns their unsubscribe. */
export function subscribeAppliers(deps: ApplierDeps): () => void {
  const { config, edge, background, layer, staleUploads, iam, log } = deps;
  const offs = [
    config.subscribe('api', () => {
      const v = config.get('api').values;
      edge.admission.configure({
        max: Number(v.requests_max) || 0,
        deadlineMs: durationMs(v.requests_deadline) ?? 10_000,
      });
      edge.cors.configure((v.cors_allow_origin ?? '*').split(','));
      staleUploads.configure({
        maxAgeMs: durationMs(v.stale_uploads_expiry) || 24 * 3600_000,
        intervalMs: durationMs(v.stale_uploads_cleanup_interval) || 6 * 3600_000,
      });
    }),
    config.subscribe('scanner', () => {
      background.scanner.setPacing(scannerPacing(config.get('scanner').values));
      background.lifecycle.setPacing(scannerPacing(config.get('scanner').values));
    }),
    config.subscribe('heal', () => {
      configureHeal(
        layer,
        background.scanner,
        healPacing(config.get('heal').values),
        () => edge.admission.active,
      );
    }),
    config.subscribe('policy_plugin', () => {
      iam.usePolicyPlugin(policyPluginFrom(config, log));
    }),
    config.subscribe('identity_plugin', () => {
      const plugin = identityPluginFromConfig(config);
      if (plugin)
        log.info(`identity_plugin: AssumeRoleWithCustomToken accepts the role ARN ${plugin.roleArn}`);
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}
