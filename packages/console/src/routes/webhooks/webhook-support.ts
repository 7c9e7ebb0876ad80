// SPDX-License-Identifier: Apache-2.0
import { type WebhookKind, type WebhookStatus, type WebhookTarget, webhookSubSys } from '@stowage/contracts';
import type { MadminClient } from '@stowage/madmin';
import { parseConfigText } from '../configs/config-text.js';

/** MinIO's on|off values (it also reads true/yes/1 as on). */
const isOn = (v: string): boolean => ['on', 'true', 'yes', '1'].includes(v.toLowerCase());

/** The value in effect of one parsed key: the environment's when it overrides the saved one. */
function effective(kv: { value: string; envOverride?: { value: string } } | undefined): string {
  return kv?.envOverride?.value ?? kv?.value ?? '';
}

/**
 * The server's online/offline state of each target (admin `info` `services.logger` / `services.audit`, as
 * MinIO's console reads it): entries keyed `logger-<target>` / `audit-<target>` as MinIO names them (a
 * bare target name or the endpoint are accepted too).
 */
async function targetStates(admin: MadminClient, kind: WebhookKind): Promise<Map<string, string>> {
  const info = await admin.serverInfo();
  const list = kind === 'logger' ? info.services?.logger : info.services?.audit;
  const states = new Map<string, string>();
  for (const entry of list ?? []) {
    for (const [name, s] of Object.entries(entry)) states.set(name, (s.status ?? '').toLowerCase());
  }
  return states;
}

function statusOf(
  states: Map<string, string>,
  kind: WebhookKind,
  name: string,
  endpoint: string,
): WebhookStatus {
  const s = states.get(`${kind}-${name}`) ?? states.get(name) ?? states.get(endpoint);
  return s === 'online' || s === 'offline' ? s : 'unknown';
}

/** The named targets of a webhook set with their settings and state, sorted by name. */
export async function listWebhookTargets(admin: MadminClient, kind: WebhookKind): Promise<WebhookTarget[]> {
  const subSys = webhookSubSys[kind];
  const [text, states] = await Promise.all([admin.getConfigKV(subSys), targetStates(admin, kind)]);
  return parseConfigText(text)
    .filter((p) => p.subSys === subSys && p.target !== '')
    .map((p) => {
      const get = (key: string): string => effective(p.kv.find((kv) => kv.key === key));
      const endpoint = get('endpoint');
      return {
        name: p.target,
        endpoint,
        enabled: isOn(get('enable')),
        status: statusOf(states, kind, p.target, endpoint),
        authTokenSet: get('auth_token') !== '',
        queueDir: get('queue_dir'),
        queueSize: get('queue_size'),
        batchSize: get('batch_size'),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The settings of an add or edit as set-config keys; `authToken` left out keeps the saved token. */
export function webhookKeyValues(body: {
  endpoint: string;
  authToken?: string;
  queueDir?: string;
  queueSize?: string;
  batchSize?: string;
}): { key: string; value: string }[] {
  const kvs = [
    { key: 'enable', value: 'on' },
    { key: 'endpoint', value: body.endpoint },
  ];
  if (body.authToken !== undefined) kvs.push({ key: 'auth_token', value: body.authToken });
  if (body.queueDir !== undefined) kvs.push({ key: 'queue_dir', value: body.queueDir });
  if (body.queueSize !== undefined && body.queueSize !== '')
    kvs.push({ key: 'queue_size', value: body.queueSize });
  if (body.batchSize !== undefined && body.batchSize !== '')
    kvs.push({ key: 'batch_size', value: body.batchSize });
  return kvs;
}

/** Whether the set has a target of that name. */
export async function webhookExists(admin: MadminClient, kind: WebhookKind, name: string): Promise<boolean> {
  const subSys = webhookSubSys[kind];
  return parseConfigText(await admin.getConfigKV(subSys)).some(
    (p) => p.subSys === subSys && p.target === name,
  );
}
