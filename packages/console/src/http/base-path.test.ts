// SPDX-License-Identifier: Apache-2.0
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { basePathOf, rewriteProxyUrl } from './base-path.js';

const req = (url: string): IncomingMessage => ({ url }) as IncomingMessage;

describe('rewriteProxyUrl', () => {
  it('strips /api/proxy/<namespace>/<tenant> and remembers it', () => {
    const cases: Array<[string, string, string]> = [
      ['/api/proxy/ns/t/api/v1/session', '/api/v1/session', '/api/proxy/ns/t'],
      ['/api/proxy/ns/t', '/', '/api/proxy/ns/t'],
      ['/api/proxy/ns/t/', '/', '/api/proxy/ns/t'],
      ['/api/proxy/ns/t?cp=y', '/?cp=y', '/api/proxy/ns/t'],
      ['/api/proxy/ns/t/metrics?x=1', '/metrics?x=1', '/api/proxy/ns/t'],
      ['/api/v1/session', '/api/v1/session', ''],
      ['/api/proxy/only-one', '/api/proxy/only-one', ''],
    ];
    for (const [url, rewritten, base] of cases) {
      const r = req(url);
      expect(rewriteProxyUrl(r), url).toBe(rewritten);
      expect(basePathOf(r), url).toBe(base);
    }
  });
});
