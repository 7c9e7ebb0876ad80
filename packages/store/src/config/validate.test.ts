// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { parseGoDuration } from './duration.js';
import { findEnvOverrides } from './env.js';
import type { ConfigKeyDef, ConfigKeyType } from './registry.js';
import { testHookSet } from './testing/test-sets.js';
import { checkTargetName, checkValue } from './validate.js';

function key(type: ConfigKeyType, extra: Partial<ConfigKeyDef> = {}): ConfigKeyDef {
  return { key: 'k', type, description: '', optional: true, default: '', ...extra };
}

describe('value checks', () => {
  it('reads Go durations', () => {
    expect(parseGoDuration('1h2m3s')).toBe(3723e9);
    expect(parseGoDuration('500ms')).toBe(5e8);
    expect(parseGoDuration('1.5h')).toBe(5400e9);
    expect(parseGoDuration('0')).toBe(0);
    expect(parseGoDuration('-2us')).toBe(-2000);
    for (const bad of ['', '5', '1d', 'h', '1h ', 'ms']) expect(parseGoDuration(bad)).toBeNull();
  });

  it('checks each type', () => {
    const cases: [ConfigKeyType, string, string | undefined, Partial<ConfigKeyDef>?][] = [
      ['on|off', 'on', undefined],
      ['on|off', 'OFF', undefined],
      ['on|off', 'true', undefined],
      ['on|off', 'maybe', "'maybe' is not 'on' or 'off'"],
      ['on|off', '', "'' is not 'on' or 'off'"],
      ['number', '42', undefined],
      ['number', '-1.5', undefined],
      ['number', '4k', "'4k' is not a number"],
      ['duration', '90s', undefined],
      ['duration', 'soon', "'soon' is not a duration (e.g. 500ms, 30s, 1h2m3s)"],
      ['url', 'https://example.com/x', undefined],
      ['url', 'example.com', "'example.com' is not a valid URL"],
      ['url', 'file:///x', "'file:///x' is not a valid URL: it has no host"],
      ['uri', 'mongodb://u@h/db', undefined],
      ['address', 'localhost:9000', undefined],
      ['address', '[::1]:443', undefined],
      ['address', 'localhost', "'localhost' is not an address of the form host:port"],
      ['address', 'h:70000', "port 70000 of 'h:70000' is out of range (1-65535)"],
      ['path', '/var/queue', undefined],
      ['path', 'queue', "'queue' is not an absolute path"],
      ['csv', '.txt,.log', undefined],
      ['csv', '.txt,,.log', "'.txt,,.log' has an empty item in its list"],
      ['enum', 'b', undefined, { values: ['a', 'b'] }],
      ['enum', 'c', "'c' is not one of 'a', 'b'", { values: ['a', 'b'] }],
      ['string', '', undefined],
      ['number', '', undefined],
      ['string', 'two\nlines', 'values cannot span several lines'],
      ['sentence', `a "b" 'c'`, 'a value with spaces cannot hold both kinds of quotes'],
    ];
    for (const [type, value, problem, extra] of cases) {
      expect([type, value, checkValue(key(type, extra), value)]).toEqual([type, value, problem]);
    }
    expect(checkValue(key('string', { validate: (v) => (v === 'x' ? 'no x' : undefined) }), 'x')).toBe(
      'no x',
    );
  });

  it('checks target names', () => {
    expect(checkTargetName('primary-1_a')).toBeUndefined();
    expect(checkTargetName('_')).toBe("'_' names the default target");
    expect(checkTargetName('a b')).toBe("target name 'a b' must be 1-64 letters, digits, '_' or '-'");
  });
});

describe('environment overrides', () => {
  it('finds default and named targets by the longest key, ignoring other variables', () => {
    const env = findEnvOverrides([testHookSet], {
      MINIO_TEST_HOOK_ENABLE: 'on',
      MINIO_TEST_HOOK_ENDPOINT_primary: 'http://h/p',
      MINIO_TEST_HOOK_NOPE: 'x',
      MINIO_ROOT_USER: 'admin',
      PATH: '/bin',
    });
    expect([...(env.get('test_hook') ?? [])].map(([t, keys]) => [t, Object.fromEntries(keys)])).toEqual([
      ['', { enable: { name: 'MINIO_TEST_HOOK_ENABLE', value: 'on' } }],
      ['primary', { endpoint: { name: 'MINIO_TEST_HOOK_ENDPOINT_primary', value: 'http://h/p' } }],
    ]);
  });
});
