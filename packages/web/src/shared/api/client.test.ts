// SPDX-License-Identifier: Apache-2.0
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sessionSchema } from '@stowage/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getUserMarker, setUserMarker } from '../session/user-marker';
import { ApiError } from './api-error';
import { getBasePath, withBasePath } from './base-path';
import { apiRequest, apiUpload, setSessionEndedHandler } from './client';

interface Seen {
  method: string;
  url: string;
  body: string;
  headers: http.IncomingHttpHeaders;
}

/** A real HTTP server whose answer each test sets; it records what the client sent. */
let reply: (res: http.ServerResponse) => void = (res) => res.end();
const seen: Seen[] = [];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', body, headers: req.headers });
    reply(res);
  });
});
let origin = '';

function json(status: number, value: unknown): (res: http.ServerResponse) => void {
  return (res) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(value));
  };
}

const goodSession = {
  operator: false,
  status: 'ok',
  pages: ['/buckets'],
  features: [],
  distributedMode: true,
  userName: 'admin',
};

let ended = 0;
let restore: () => void = () => {};

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
});

function at(path: string, baseHref = '/'): void {
  window.location.href = `${origin}${path}`;
  (globalThis as { __baseHref?: string }).__baseHref = baseHref;
  seen.length = 0;
  ended = 0;
  restore = setSessionEndedHandler(() => {
    ended++;
  });
}
afterEach(() => restore());

describe('base path (spec 1 §2.1)', () => {
  it('is empty at the root and follows <base href> otherwise', () => {
    at('/buckets');
    expect(getBasePath()).toBe('');
    at('/console/buckets', '/console/');
    expect(getBasePath()).toBe('/console');
  });

  it('keeps the first segments of an /api/proxy/ prefix and collapses double slashes', () => {
    at('/api/proxy/ns-1/tenant-a/buckets');
    expect(getBasePath()).toBe('/api/proxy/ns-1/tenant-a');
    expect(withBasePath('//api/v1//session')).toBe('/api/proxy/ns-1/tenant-a/api/v1/session');
  });
});

describe('apiRequest', () => {
  it('sends JSON with the proxy prefix and parses the answer with the contract schema', async () => {
    at('/api/proxy/ns/t/buckets');
    reply = json(200, goodSession);
    const session = await apiRequest('/api/v1/session', {
      schema: sessionSchema,
      query: { a: 1, b: undefined },
    });
    expect(session.userName).toBe('admin');
    expect(seen[0]?.url).toBe('/api/proxy/ns/t/api/v1/session?a=1');

    reply = (res) => res.writeHead(204).end();
    await apiRequest('/api/v1/login', { method: 'POST', body: { accessKey: 'a', secretKey: 'b' } });
    expect(seen[1]?.method).toBe('POST');
    expect(seen[1]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({ accessKey: 'a', secretKey: 'b' });
  });

  it('maps an error body to message and detail, dropping a detail equal to the message (spec 1 §8)', async () => {
    at('/buckets');
    reply = json(403, { errorMessage: 'Access Denied.', detailedError: 'no s3:ListAllMyBuckets' });
    const e1 = await apiRequest('/api/v1/buckets').catch((e: unknown) => e);
    expect(e1).toBeInstanceOf(ApiError);
    expect(e1).toMatchObject({ message: 'Access Denied.', detail: 'no s3:ListAllMyBuckets', status: 403 });

    reply = json(500, { errorMessage: 'boom', detailedError: 'boom' });
    const e2 = await apiRequest('/api/v1/buckets').catch((e: unknown) => e);
    expect(e2).toMatchObject({ message: 'boom', detail: undefined, status: 500 });
    expect(ended).toBe(0);
  });

  it("takes a text/plain answer as it is with responseType 'text' (the share URL, spec 1 §7)", async () => {
    at('/buckets');
    reply = (res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('http://s3.local/b/k?X-Amz-Signature=ab');
    const url = await apiRequest<string>('/api/v1/buckets/b/objects/share', { responseType: 'text' });
    expect(url).toBe('http://s3.local/b/k?X-Amz-Signature=ab');
    expect(seen[0]?.headers.accept).toContain('text/plain');
  });

  it("falls back to 'Error {status}' when the body is not the error shape", async () => {
    at('/buckets');
    reply = (res) => res.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    await expect(apiRequest('/api/v1/buckets')).rejects.toMatchObject({ message: 'Error 502', status: 502 });
  });

  it('ends the session on 401: clears the marker and calls the handler once', async () => {
    at('/buckets');
    setUserMarker('admin');
    reply = json(401, { errorMessage: 'Session expired', detailedError: '' });
    await expect(apiRequest('/api/v1/session')).rejects.toMatchObject({ status: 401 });
    expect(ended).toBe(1);
    expect(getUserMarker()).toBeNull();
  });

  it('leaves the session alone on a login 401 (wrong password is shown in place)', async () => {
    at('/login');
    setUserMarker('admin');
    reply = json(401, { errorMessage: 'Invalid Login.', detailedError: '' });
    await expect(
      apiRequest('/api/v1/login', { method: 'POST', body: {}, endSessionOnAuthFailure: false }),
    ).rejects.toMatchObject({ message: 'Invalid Login.', status: 401 });
    expect(ended).toBe(0);
    expect(getUserMarker()).toBe('admin');
  });

  it('treats an unreachable backend as a failure with no status and ends the session', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    at('/buckets');
    window.location.href = `http://127.0.0.1:${port}/buckets`;
    const error = await apiRequest('/api/v1/session').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBeUndefined();
    expect((error as ApiError).isNetworkError).toBe(true);
    expect(ended).toBe(1);
  });

  it('rejects an answer that does not match the contract', async () => {
    at('/buckets');
    reply = json(200, { ...goodSession, status: 'expired' });
    const error = await apiRequest('/api/v1/session', { schema: sessionSchema }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'The server sent an answer in an unexpected shape.',
      status: 200,
    });
    expect((error as ApiError).detail).toContain('status');
  });
});

/** Enough of XMLHttpRequest for `apiUpload`, sending with fetch to the test server. */
class FetchXhr {
  status = 0;
  responseText = '';
  withCredentials = false;
  readonly upload: {
    onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null;
  } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }
  abort(): void {
    this.onabort?.();
  }
  send(body: FormData): void {
    this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
    fetch(this.url, { method: this.method, headers: this.headers, body }).then(
      async (response) => {
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      },
      () => this.onerror?.(),
    );
  }
}

describe('apiUpload', () => {
  const form = (): FormData => {
    const f = new FormData();
    f.append('file', new Blob(['hello']), 'a.txt');
    return f;
  };

  it('posts the form with the base path and query, reports progress and parses the answer', async () => {
    Object.assign(globalThis, { XMLHttpRequest: FetchXhr });
    at('/api/proxy/ns/t/buckets');
    reply = json(200, goodSession);
    const progress: Array<[number, number | undefined]> = [];
    const upload = apiUpload('/api/v1/buckets/b/objects/upload', {
      body: form(),
      query: { prefix: 'docs/' },
      schema: sessionSchema,
      onProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect((await upload.promise).userName).toBe('admin');
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe('/api/proxy/ns/t/api/v1/buckets/b/objects/upload?prefix=docs%2F');
    expect(seen[0]?.body).toContain('filename="a.txt"');
    expect(progress).toEqual([[5, 10]]);
  });

  it('fails with the error body like apiRequest, and a 401 ends the session', async () => {
    Object.assign(globalThis, { XMLHttpRequest: FetchXhr });
    at('/buckets');
    reply = json(403, { errorMessage: 'Access Denied.', detailedError: 'no s3:PutObject' });
    await expect(apiUpload('/api/v1/u', { body: form() }).promise).rejects.toMatchObject({
      message: 'Access Denied.',
      detail: 'no s3:PutObject',
      status: 403,
    });
    expect(ended).toBe(0);
    reply = json(401, { errorMessage: 'Session expired', detailedError: '' });
    await expect(apiUpload('/api/v1/u', { body: form() }).promise).rejects.toMatchObject({ status: 401 });
    expect(ended).toBe(1);
  });
});

describe('user marker', () => {
  it('stores base64 of the user name, UTF-8 safe', () => {
    setUserMarker('admin');
    expect(localStorage.getItem('userLoggedIn')).toBe(btoa('admin'));
    setUserMarker('José');
    expect(getUserMarker()).toBe('José');
  });
});
