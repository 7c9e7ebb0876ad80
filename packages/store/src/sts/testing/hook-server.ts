// SPDX-License-Identifier: Apache-2.0
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a plugin hook received. */
export interface HookRequest {
  method: string;
  url: URL;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

/** What the hook answers: a status and a JSON body, or `hang` to never answer. */
export type HookAnswer = { status: number; json: unknown } | 'hang';

/**
 * A plugin hook on a free loopback port (node:http) for tests: it records every request and answers
 * with what `answer` returns for it, so a test can play the identity or access management plugin.
 */
export interface HookServer {
  readonly url: string;
  readonly requests: HookRequest[];
  answer: (req: HookRequest) => HookAnswer;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startHookServer(path = '/hook'): Promise<HookServer> {
  const hanging = new Set<() => void>();
  const hook: HookServer = {
    url: '',
    requests: [],
    answer: () => ({ status: 500, json: { error: 'no answer set' } }),
    close: async () => {
      for (const end of hanging) end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const r: HookRequest = {
        method: req.method ?? '',
        url: new URL(req.url ?? '/', 'http://hook'),
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      };
      hook.requests.push(r);
      const a = hook.answer(r);
      if (a === 'hang') {
        hanging.add(() => res.destroy());
        return;
      }
      res.writeHead(a.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(a.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (hook as { url: string }).url = `http://127.0.0.1:${port}${path}`;
  return hook;
}

/** A loopback URL where nothing listens (a port just freed). */
export async function closedPortUrl(): Promise<string> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}
