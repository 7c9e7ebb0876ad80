// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { formatKvText, KvSyntaxError, parseKvText, quoteValue } from './kv-text.js';

describe('MinIO configuration text', () => {
  it('parses sets, targets, quoted and empty values, and skips comments', () => {
    const text = [
      '# a comment',
      '# MINIO_REGION_NAME=from-env',
      '',
      'region name=eu-west-1 comment="two words"',
      'logger_webhook:primary endpoint=http://h/x auth_token=\'Bearer "t"\' batch_size= queue_size=10',
    ].join('\n');
    expect(parseKvText(text)).toEqual([
      {
        subSys: 'region',
        target: '',
        pairs: [
          { key: 'name', value: 'eu-west-1' },
          { key: 'comment', value: 'two words' },
        ],
        line: 4,
      },
      {
        subSys: 'logger_webhook',
        target: 'primary',
        pairs: [
          { key: 'endpoint', value: 'http://h/x' },
          { key: 'auth_token', value: 'Bearer "t"' },
          { key: 'batch_size', value: '' },
          { key: 'queue_size', value: '10' },
        ],
        line: 5,
      },
    ]);
  });

  it('takes bare keys only when asked (del-config-kv)', () => {
    expect(parseKvText('api requests_max cors_allow_origin', { bareKeys: true })[0]?.pairs).toEqual([
      { key: 'requests_max', value: undefined },
      { key: 'cors_allow_origin', value: undefined },
    ]);
    expect(() => parseKvText('api requests_max')).toThrow("line 1: expected key=value, found 'requests_max'");
  });

  it('reports syntax errors with the line', () => {
    const bad: [string, string][] = [
      ['region name="open', "line 1: the value of 'name' has no closing \""],
      ['\nregion name="a"b', "line 2: expected a space after the quoted value of 'name'"],
      ['region =x', "line 1: expected key=value, found '=x'"],
      [':t a=b', "line 1: no sub-system before ':'"],
      ['api: a=b', "line 1: no target name after ':'"],
    ];
    for (const [text, message] of bad) {
      expect(() => parseKvText(text)).toThrow(KvSyntaxError);
      expect(() => parseKvText(text)).toThrow(message);
    }
  });

  it('quotes values as MinIO prints them and round-trips', () => {
    expect(quoteValue('plain')).toBe('plain');
    expect(quoteValue('')).toBe('');
    expect(quoteValue('two words')).toBe('"two words"');
    expect(quoteValue('say "hi" now')).toBe('\'say "hi" now\'');
    expect(quoteValue('"lead')).toBe("'\"lead'");
    const text = formatKvText([
      {
        subSys: 'region',
        target: '',
        values: [
          { key: 'name', value: 'eu' },
          { key: 'comment', value: 'a b' },
        ],
        env: [{ name: 'MINIO_REGION_NAME', value: 'x y' }],
      },
      { subSys: 'logger_webhook', target: 't1', values: [{ key: 'endpoint', value: '' }], env: [] },
    ]);
    expect(text).toBe('# MINIO_REGION_NAME=x y\nregion name=eu comment="a b"\nlogger_webhook:t1 endpoint=\n');
    expect(parseKvText(text).map((l) => [l.subSys, l.target, l.pairs])).toEqual([
      [
        'region',
        '',
        [
          { key: 'name', value: 'eu' },
          { key: 'comment', value: 'a b' },
        ],
      ],
      ['logger_webhook', 't1', [{ key: 'endpoint', value: '' }]],
    ]);
    expect(formatKvText([])).toBe('');
  });
});
