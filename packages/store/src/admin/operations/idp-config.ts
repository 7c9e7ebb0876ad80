// SPDX-License-Identifier: Apache-2.0
import { configuredRegion } from '../../config/region.js';
import type { ResolvedSet } from '../../config/registry.js';
import { isOn } from '../../config/registry.js';
import { S3Error } from '../../core/errors.js';
import { openIdRoleArn } from '../../identity/openid.js';
import type { AdminCall, AdminOperation } from '../call.js';
import { configApplied } from './config-wire.js';

/** madmin's name of the default configuration. */
const DEFAULT = '_';

const SUBSYS = { openid: 'identity_openid', ldap: 'identity_ldap' } as const;
type IdpType = keyof typeof SUBSYS;

/** The key that says a configuration is there at all (a default target always exists, empty or not). */
const MAIN_KEY: Record<IdpType, string> = { openid: 'config_url', ldap: 'server_addr' };

/** `type` and `name` from `/idp-config/<type>[/<name>]` or, as older servers, `?type=&name=`. */
function target(call: AdminCall, needName: boolean): { type: IdpType; subSys: string; name: string } {
  const path = call.req.path;
  const rest = path
    .slice(path.indexOf('/idp-config') + '/idp-config'.length)
    .split('/')
    .filter((s) => s !== '')
    .map((s) => decodeURIComponent(s));
  const type = rest[0] ?? call.query.get('type') ?? '';
  const name = rest[1] ?? call.query.get('name') ?? (needName ? DEFAULT : '');
  if (type !== 'openid' && type !== 'ldap') throw new S3Error('XMinioAdminConfigInvalidIDPType');
  if (type === 'ldap' && name !== '' && name !== DEFAULT) {
    throw new S3Error('XMinioAdminConfigLDAPNonDefaultConfigName');
  }
  if (name !== DEFAULT && name !== '' && !/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
    throw new S3Error(
      'XMinioAdminInvalidArgument',
      `configuration name '${name}' may hold letters, digits, - and _`,
    );
  }
  return { type, subSys: SUBSYS[type], name };
}

const targetOf = (name: string): string => (name === DEFAULT ? '' : name);

/** The stored configurations of a type (the default only when it holds a provider). */
function configured(call: AdminCall, type: IdpType): ResolvedSet[] {
  return call.ctx.config
    .savedTargets(SUBSYS[type])
    .filter((r) => r.target !== '' || (r.values[MAIN_KEY[type]] ?? '') !== '');
}

function find(call: AdminCall, type: IdpType, name: string): ResolvedSet | undefined {
  return configured(call, type).find((r) => r.target === targetOf(name));
}

/**
 * Admin API: ListIDPConfig — `GET /idp-config/<type>` → **E** JSON `[{type, name, enabled, roleARN}]`
 * (madmin-go idp-commands.go): the named OpenID configurations (`_` is the default), or the one LDAP
 * configuration, over the store's identity_openid / identity_ldap sets.
 */
export const listIdpConfig: AdminOperation = async (call) => {
  const { type } = target(call, false);
  const region = configuredRegion(call.ctx.config);
  const items = configured(call, type).map((r) => {
    const roleArn =
      type === 'openid' && (r.values.role_policy ?? '') !== ''
        ? openIdRoleArn({ name: r.target, clientId: r.values.client_id ?? '' }, region)
        : undefined;
    return {
      type,
      name: r.target === '' ? DEFAULT : r.target,
      enabled: r.values.enable === undefined ? true : isOn(r.values.enable),
      ...(roleArn ? { roleARN: roleArn } : {}),
    };
  });
  return call.encrypted(items);
};

/**
 * Admin API: GetIDPConfig — `GET /idp-config/<type>/<name>` → **E** JSON `{type, name, info: [{key,
 * value, isCfg, isEnv}]}`: every key with a value (stored, from the environment, or a default), secrets
 * included as get-config-kv shows them to the same caller. XMinioAdminNoSuchConfigTarget when absent.
 */
export const getIdpConfig: AdminOperation = async (call) => {
  const { type, name } = target(call, true);
  const r = find(call, type, name);
  if (!r) throw new S3Error('XMinioAdminNoSuchConfigTarget', `no ${type} configuration '${name}'`);
  const info = Object.entries(r.values)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => ({ key, value, isCfg: true, isEnv: key in r.fromEnv }));
  return call.encrypted({ type, name, info });
};

/**
 * Admin API: AddOrUpdateIDPConfig — `PUT` (add) or `POST` (update) `/idp-config/<type>/<name>` with an
 * **E** body of `key=value …` pairs: saved as `identity_openid[:<name>] …` / `identity_ldap …` through
 * the configuration service (the set's checks; XMinioConfigError naming the problem, nothing saved).
 * Adding an existing name is XMinioAdminConfigIDPCfgNameAlreadyExists, updating a missing one
 * XMinioAdminConfigIDPCfgNameDoesNotExist. The identity sets apply at once (the applied header).
 */
function addOrUpdate(update: boolean): AdminOperation {
  return async (call) => {
    const { type, subSys, name } = target(call, true);
    const body = (await call.decrypted()).toString('utf8').trim();
    const exists = find(call, type, name) !== undefined;
    if (exists && !update) throw new S3Error('XMinioAdminConfigIDPCfgNameAlreadyExists');
    if (!exists && update) throw new S3Error('XMinioAdminConfigIDPCfgNameDoesNotExist');
    const head = name === DEFAULT ? subSys : `${subSys}:${name}`;
    return configApplied(call, await call.ctx.config.set(`${head} ${body}`));
  };
}

export const addIdpConfig = addOrUpdate(false);
export const updateIdpConfig = addOrUpdate(true);

/**
 * Admin API: DeleteIDPConfig — `DELETE /idp-config/<type>/<name>`: removes the configuration (all its
 * keys); one set from the environment cannot be removed here (XMinioAdminConfigEnvOverridden).
 */
export const deleteIdpConfig: AdminOperation = async (call) => {
  const { type, subSys, name } = target(call, true);
  const r = find(call, type, name);
  if (!r) throw new S3Error('XMinioAdminNoSuchConfigTarget', `no ${type} configuration '${name}'`);
  if (Object.keys(r.fromEnv).length > 0) throw new S3Error('XMinioAdminConfigEnvOverridden');
  const key = name === DEFAULT ? subSys : `${subSys}:${name}`;
  return configApplied(call, await call.ctx.config.del(key));
};

/** `GET /idp-config/<type>` lists, `GET /idp-config/<type>/<name>` reads one (the query forms alike). */
export const readIdpConfig: AdminOperation = async (call) =>
  target(call, false).name === '' ? listIdpConfig(call) : getIdpConfig(call);
