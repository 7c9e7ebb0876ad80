// SPDX-License-Identifier: Apache-2.0
import type { LogInfo } from '@stowage/madmin';
import { S3Error } from '../../core/errors.js';
import { liveStream } from '../../core/live-stream.js';
import type { LogEntry } from '../../log/store-log.js';
import type { AdminOperation } from '../call.js';

/**
 * Admin API: ConsoleLog — `GET /log?node=&limit=&logType=` → the last `limit` entries of the store's log
 * (10 by default), then each new one as it happens, as madmin `LogInfo` JSON with single-space
 * keep-alives, until the client goes away or the store closes. Every entry is of kind MINIO, so
 * `logType=APPLICATION` gets none; `node` other than this server's gets none.
 */
export const consoleLog: AdminOperation = async (call) => {
  const limitText = call.query.get('limit') || '10';
  const limit = Number(limitText);
  if (!Number.isInteger(limit) || limit < 0) {
    throw new S3Error('XMinioAdminInvalidArgument', `limit '${limitText}' is not a whole number`);
  }
  const logType = (call.query.get('logType') || 'ALL').toUpperCase();
  if (!['MINIO', 'APPLICATION', 'ALL'].includes(logType)) {
    throw new S3Error('XMinioAdminInvalidArgument', `logType '${logType}' is not MINIO, APPLICATION or ALL`);
  }
  const node = call.query.get('node') ?? '';
  const log = call.ctx.log;
  const wanted = (e: LogEntry): boolean =>
    (node === '' || node === e.node) && (logType === 'ALL' || logType === e.errKind);

  return liveStream({
    signal: call.req.signal,
    shutdown: call.ctx.shutdown,
    subscribe: (push) => {
      const send = (e: LogEntry): void => push(e satisfies LogInfo);
      for (const e of log.recent(limit)) if (wanted(e)) send(e);
      return log.follow((e) => {
        if (wanted(e)) send(e);
      });
    },
  });
};
