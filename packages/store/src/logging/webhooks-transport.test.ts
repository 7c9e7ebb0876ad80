// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminHarness } from '../admin/testing/harness.js';
import { makeCert } from '../cli/testing/test-certs.js';
import { requireTool } from '../s3/conformance/system-tools.js';
import { WebhookReceiver, waitFor } from './testing/webhook-receiver.js';

// The transport keys of a logger webhook, for real: client_cert/client_key (mTLS to an HTTPS endpoint that
// requires a client certificate) and proxy (through an HTTP CONNECT proxy).

let h: AdminHarness;
let dir: string;

async function selfSigned(name: string): Promise<{ cert: string; key: string }> {
  const pair = await makeCert(dir, name, {
    subject: `/CN=${name}`,
    extensions: ['subjectAltName=IP:127.0.0.1'],
  });
  return { cert: pair.certFile, key: pair.keyFile };
}

beforeAll(async () => {
  requireTool('/usr/bin/openssl', 'openssl');
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-webhook-tls-'));
  h = await AdminHarness.open(4);
});
afterAll(async () => {
  await h?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('webhook transport', () => {
  it('presents client_cert/client_key to an endpoint that requires a client certificate', async () => {
    const server = await selfSigned('127.0.0.1');
    const client = await selfSigned('stowage-client');
    // The endpoint's certificate is trusted the way an operator would add a CA to the system store.
    tls.setDefaultCACertificates([...tls.getCACertificates('default'), await readFile(server.cert, 'utf8')]);
    const got: Array<{ peer: string; body: string }> = [];
    const endpoint = https.createServer(
      {
        cert: await readFile(server.cert),
        key: await readFile(server.key),
        ca: [await readFile(client.cert)],
        requestCert: true,
        rejectUnauthorized: true,
      },
      (req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          if (req.method === 'POST') {
            const peer = (req.socket as tls.TLSSocket).getPeerCertificate().subject?.CN ?? '';
            got.push({ peer: String(peer), body: Buffer.concat(chunks).toString() });
          }
          res.end();
        });
      },
    );
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    try {
      const url = `https://127.0.0.1:${(endpoint.address() as AddressInfo).port}/logs`;
      await h.ctx.config.set(
        `logger_webhook:mtls enable=on endpoint=${url} client_cert=${client.cert} client_key=${client.key} retry_interval=50ms`,
      );
      await h.webhooks.settled();
      h.ctx.log.error('checked over mTLS');
      await waitFor(() => got.some((g) => g.body.includes('checked over mTLS')), 'the record over mTLS');
      expect(got.find((g) => g.body.includes('checked over mTLS'))!.peer).toBe('stowage-client');
    } finally {
      await h.ctx.config.del('logger_webhook:mtls');
      endpoint.closeAllConnections();
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    }
  });

  it('sends through the configured proxy', async () => {
    const rx = new WebhookReceiver();
    await rx.start();
    const tunnels: string[] = [];
    const sockets = new Set<Socket>();
    // A forward proxy: plain-HTTP requests in absolute form, and CONNECT tunnels.
    const proxy = http.createServer((req, res) => {
      const target = new URL(req.url ?? '');
      tunnels.push(target.host);
      const out = http.request(target, { method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      out.on('error', () => res.destroy());
      req.pipe(out);
    });
    proxy.on('connect', (req: http.IncomingMessage, clientSocket: Socket, head: Buffer) => {
      tunnels.push(req.url ?? '');
      const [host, port] = (req.url ?? '').split(':');
      const upstream = net.connect(Number(port), host, () => {
        clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(clientSocket);
        clientSocket.pipe(upstream);
      });
      sockets.add(upstream).add(clientSocket);
      upstream.on('error', () => clientSocket.destroy());
      clientSocket.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      await h.ctx.config.set(
        `logger_webhook:proxied enable=on endpoint=${rx.url} proxy=${proxyUrl} retry_interval=50ms`,
      );
      await h.webhooks.settled();
      h.ctx.log.error('sent through the proxy');
      await waitFor(
        () => rx.records.some((r) => r.message === 'sent through the proxy'),
        'the proxied record',
      );
      expect(tunnels).toContain(new URL(rx.url).host);
    } finally {
      await h.ctx.config.del('logger_webhook:proxied');
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await rx.stop();
    }
  });
});
