// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../../core/errors.js';
import type { AdminOperation } from '../call.js';

const ACTIONS = {
  restart: 'admin:ServiceRestart',
  stop: 'admin:ServiceStop',
  freeze: 'admin:ServiceFreeze',
  unfreeze: 'admin:ServiceFreeze',
} as const;

/**
 * Admin API: Service — `POST /service?action=restart|stop|freeze|unfreeze`. The embedded store runs in
 * the console's process, so "restart" restarts the store's subsystems in place while the HTTP listener
 * keeps serving (nothing acknowledged is dropped): the configuration is read from the drives again and
 * every set — `restart` sets included — takes effect (each subsystem's applier runs), IAM state is
 * reloaded, bucket usage rescanned, and the process hook (`ctx.onServiceAction`) is told.
 * stop/freeze/unfreeze need that hook (NotImplemented without it).
 */
export const serviceAction: AdminOperation = async (call) => {
  const action = call.param('action');
  if (!(action in ACTIONS))
    throw new S3Error('XMinioAdminInvalidArgument', `unknown service action '${action}'`);
  const a = action as keyof typeof ACTIONS;
  await call.require(ACTIONS[a]);
  const hook = call.ctx.onServiceAction;
  if (a === 'restart') {
    await call.ctx.config.restart();
    await call.ctx.iam.load();
    void call.ctx.usage.scanAll().catch(() => undefined);
    if (hook) await hook('restart');
    return call.ok();
  }
  if (!hook) throw new S3Error('NotImplemented', `service action '${a}' is not supported by this server`);
  await hook(a);
  return call.ok();
};
