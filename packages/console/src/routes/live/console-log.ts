// SPDX-License-Identifier: Apache-2.0
import { type ConsoleLogMessage, wsPaths } from '@stowage/contracts';
import type { LogInfo } from '@stowage/madmin';
import type { RouteContext, ZodApp } from '../route-context.js';
import { relayToSocket } from './relay.js';

/** How many past entries a new Error Logs view starts with. */
const REPLAYED = 100;

/** A madmin log entry as the console's log message (spec 3 §3). */
export function consoleLogMessage(e: LogInfo): ConsoleLogMessage {
  return {
    level: e.level,
    time: e.time,
    ConsoleMsg: e.ConsoleMsg ?? e.message ?? e.error?.message ?? '',
    ...(e.error?.message ? { error: { message: e.error.message, source: e.error.source ?? [] } } : {}),
    ...(e.api?.name ? { api: { name: e.api.name } } : {}),
    ...(e.deploymentid ? { deploymentid: e.deploymentid } : {}),
    ...(e.requestID ? { requestID: e.requestID } : {}),
    ...(e.remotehost ? { remotehost: e.remotehost } : {}),
    ...((e.node ?? e.host) ? { host: e.node ?? e.host } : {}),
    ...(e.userAgent ? { userAgent: e.userAgent } : {}),
  };
}

/**
 * `GET /ws/console` (spec 3 §7, Error Logs): the server's log with the user's own credentials (so it needs
 * admin:ConsoleLog), the last 100 entries first, then each new one.
 */
export function registerConsoleLog(app: ZodApp, _ctx: RouteContext): void {
  app.get(wsPaths.console, { websocket: true, schema: { hide: true } }, (socket, request) => {
    relayToSocket(
      socket,
      (signal) => request.session.admin.getLogs({ limit: REPLAYED, logType: 'ALL' }, signal),
      (e) => consoleLogMessage(e),
    );
  });
}
