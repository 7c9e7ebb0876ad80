// SPDX-License-Identifier: Apache-2.0
import type { ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { S3Error } from '../core/errors.js';
import type { HandlerResponse } from '../core/request.js';
import { sent } from '../core/sent-memory.js';
import { xmlDocument } from '../s3/xml.js';
import { stsErrorResponse as stsError } from '../sts/xml.js';

/** Turns anything thrown by a handler into an S3Error; unexpected errors become InternalError. */
export function toS3Error(err: unknown, log: (msg: string, err: unknown) => void = defaultLog): S3Error {
  if (err instanceof S3Error) return err;
  // The client went away mid-body: nothing to log, the layer has already discarded the write.
  const e = err as { code?: string; message?: string } | null;
  if (e && (e.code === 'ECONNRESET' || e.code === 'ERR_STREAM_PREMATURE_CLOSE' || e.message === 'aborted')) {
    return new S3Error('IncompleteBody');
  }
  log('internal error', err);
  return new S3Error('InternalError');
}

function defaultLog(msg: string, err: unknown): void {
  console.error(`[store] ${msg}:`, err);
}

/** S3's XML error document (`<Error><Code/><Message/>…<RequestId/></Error>`). */
export function s3ErrorResponse(err: S3Error, resource: string, requestId: string): HandlerResponse {
  const body = xmlDocument(
    'Error',
    {
      Code: err.code,
      Message: err.message,
      ...err.extra,
      Resource: resource,
      RequestId: requestId,
      HostId: requestId,
    },
    null,
  );
  return { status: err.status, headers: { 'content-type': 'application/xml' }, body };
}

/** STS error document (the STS handler's own, `sts/xml.ts`), for errors raised at the edge. */
export function stsErrorResponse(err: S3Error, requestId: string): HandlerResponse {
  return stsError(err.code, err.message, requestId, err.status);
}

/**
 * Writes a handler's response. Readable bodies are streamed with back-pressure; if the stream fails
 * after the headers went out, the connection is cut so the client sees a truncated response rather
 * than a silently short object.
 */
export async function writeResponse(res: ServerResponse, r: HandlerResponse, head: boolean): Promise<void> {
  const headers = r.headers;
  if (headers) for (const k of Object.keys(headers)) res.setHeader(k, headers[k] as string);
  const body = r.body;
  if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
    const buf = body === undefined ? undefined : typeof body === 'string' ? Buffer.from(body) : body;
    if (buf && !res.hasHeader('content-length')) res.setHeader('content-length', buf.length);
    else if (!buf && !res.hasHeader('content-length') && r.status !== 204 && r.status !== 304) {
      res.setHeader('content-length', 0);
    }
    res.writeHead(r.status);
    res.end(head ? undefined : buf);
    return;
  }
  res.writeHead(r.status);
  if (head) {
    body.destroy();
    res.end();
    return;
  }
  try {
    await stream(body as Readable, res);
  } catch {
    if (!res.writableEnded) res.destroy();
  }
}

/**
 * Writes `body` to `res` with back-pressure, chunk by chunk, and reports each chunk once its write
 * has completed (core/sent-memory.ts: the store may then reuse that memory). The client going away
 * destroys the body at once (a live answer may produce nothing for long); a body error cuts the
 * response (writeResponse).
 */
async function stream(body: Readable, res: ServerResponse): Promise<void> {
  let closed = false;
  const gone = new Promise<void>((resolve) => {
    res.once('close', () => {
      closed = true;
      if (!res.writableFinished) body.destroy();
      resolve();
    });
  });
  // Errors of the response show as its close; the loop stops there.
  res.on('error', () => undefined);
  for await (const chunk of body) {
    if (closed) break;
    const buf = chunk as Buffer;
    const more = res.write(buf, (err) => {
      if (!err && Buffer.isBuffer(buf)) sent(buf);
    });
    if (!more) await Promise.race([new Promise((resolve) => res.once('drain', resolve)), gone]);
  }
  if (closed) throw new Error('the client went away');
  res.end();
  await finished(res);
}
