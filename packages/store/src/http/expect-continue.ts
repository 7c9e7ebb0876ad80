// SPDX-License-Identifier: Apache-2.0
import type { IncomingMessage, ServerResponse } from 'node:http';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * `Expect: 100-continue` (Node's `checkContinue` event): the request is handled like any other, and
 * `100 Continue` goes out only when the handler starts reading the body. A request refused before
 * that (bad signature, AccessDenied, no such bucket) gets its final answer instead, so the client
 * never sends a body that would be thrown away (RFC 9110 §10.1.1; AWS and RGW do the same).
 */
export function continueWhenRead(listener: Listener): Listener {
  return (req, res) => {
    const stream = req as unknown as { _read: (size: number) => void };
    const read = stream._read.bind(req);
    stream._read = (size) => {
      stream._read = read;
      if (!res.headersSent && !res.writableEnded) res.writeContinue();
      read(size);
    };
    listener(req, res);
  };
}
