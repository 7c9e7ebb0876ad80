// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import type { ApiHttpError } from '../../errors/api-http-error.js';
import { formatConfigLine, parseConfigText, redactConfigText } from './config-text.js';

/** The REST error `run` throws: its status and detail. */
function failure(run: () => unknown): { status: number; detail: string } {
  try {
    run();
  } catch (err) {
    const e = err as ApiHttpError;
    return { status: e.statusCode, detail: e.detailedError };
  }
  throw new Error('expected a failure');
}

// MinIO's configuration text, as madmin-go's ParseServerConfigOutput reads it.
describe('configuration text', () => {
  it('reads sets, targets, quoted values and environment overrides', () => {
    const text = [
      'region name=eu-west-1',
      '# MINIO_API_REQUESTS_MAX=100',
      'api requests_max=0 cors_allow_origin="a, b" requests_deadline=10s',
      'logger_webhook enable=off endpoint=',
      '# MINIO_LOGGER_WEBHOOK_ENDPOINT_T1=http://env:1/x',
      'logger_webhook:t1 enable=on endpoint=http://saved:1/x auth_token=""',
      '',
    ].join('\n');
    const parsed = parseConfigText(text);
    expect(parsed.map((p) => `${p.subSys}:${p.target}`)).toEqual([
      'region:',
      'api:',
      'logger_webhook:',
      'logger_webhook:t1',
    ]);
    expect(parsed[1]?.kv).toEqual([
      {
        key: 'requests_max',
        value: '0',
        envOverride: { name: 'MINIO_API_REQUESTS_MAX', value: '100' },
      },
      { key: 'cors_allow_origin', value: 'a, b' },
      { key: 'requests_deadline', value: '10s' },
    ]);
    expect(parsed[2]?.kv).toEqual([
      { key: 'enable', value: 'off' },
      { key: 'endpoint', value: '' },
    ]);
    expect(parsed[3]?.kv.find((k) => k.key === 'endpoint')).toEqual({
      key: 'endpoint',
      value: 'http://saved:1/x',
      envOverride: { name: 'MINIO_LOGGER_WEBHOOK_ENDPOINT_T1', value: 'http://env:1/x' },
    });
  });

  it('refuses text it cannot read with a precise message', () => {
    expect(failure(() => parseConfigText('api requests_max'))).toEqual({
      status: 502,
      detail: `The server's configuration text could not be read: expected key=value in "api requests_max"`,
    });
    expect(failure(() => parseConfigText('api cors_allow_origin="a b')).detail).toMatch(
      /unterminated quoted value/,
    );
  });

  it('writes a line, quoting empty values and values with spaces', () => {
    expect(
      formatConfigLine('logger_webhook:t1', [
        { key: 'endpoint', value: 'http://x:1/y' },
        { key: 'auth_token', value: '' },
        { key: 'comment', value: 'two words' },
      ]),
    ).toBe('logger_webhook:t1 endpoint=http://x:1/y auth_token="" comment="two words"');
    const quoted = failure(() => formatConfigLine('x', [{ key: 'comment', value: 'say "hi" there' }]));
    expect(quoted.status).toBe(400);
    expect(quoted.detail).toMatch(/comment cannot hold a double quote/);
    expect(failure(() => formatConfigLine('x', [{ key: 'comment', value: 'a\nb' }])).detail).toBe(
      'The value of comment must be on one line.',
    );
  });

  it('redacts credentials for display', () => {
    expect(
      redactConfigText(
        'region name=eu\nlogger_webhook:a endpoint=http://x/ auth_token=abc client_key=/k.pem',
      ),
    ).toBe('region name=eu\nlogger_webhook:a endpoint=http://x/ auth_token=*redacted* client_key=/k.pem');
  });
});
