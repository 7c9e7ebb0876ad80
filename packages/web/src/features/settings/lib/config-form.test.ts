// SPDX-License-Identifier: Apache-2.0
import type { ConfigDetail, ConfigKeyHelp } from '@stowage/contracts';
import { describe, expect, it } from 'vitest';
import {
  fieldOf,
  fieldProblem,
  formOf,
  formProblems,
  joinCsv,
  keyValuesToSave,
  labelOf,
  parseCsv,
} from './config-form';

const help = (
  key: string,
  type: ConfigKeyHelp['type'],
  extra: Partial<ConfigKeyHelp> = {},
): ConfigKeyHelp => ({
  key,
  type,
  description: `help of ${key}`,
  optional: true,
  ...extra,
});

describe('Settings form generation (spec 2 §3 "Settings field definition")', () => {
  it('makes one field per key with label, tooltip, required flag and type', () => {
    const f = fieldOf(help('requests_max', 'number', { optional: false }));
    expect(f).toMatchObject({
      name: 'requests_max',
      label: 'Requests Max',
      type: 'number',
      required: true,
      tooltip: 'help of requests_max',
    });
    expect(labelOf('tls_skip_verify')).toBe('TLS Skip Verify');
    expect(labelOf('cors_allow_origin')).toBe('Cors Allow Origin');
  });

  it('uses the default as placeholder, else a hint of the format', () => {
    expect(fieldOf(help('requests_deadline', 'duration', { default: '10s' })).placeholder).toBe('10s');
    expect(fieldOf(help('requests_deadline', 'duration')).placeholder).toBe('e.g. 10s, 5m, 1h');
    expect(fieldOf(help('address', 'address')).placeholder).toBe('host:port');
    expect(fieldOf(help('name', 'string')).placeholder).toBe('Enter Name');
  });

  it('marks the keys the help calls secret, and no others', () => {
    expect(fieldOf(help('client_secret', 'string', { secret: true })).secret).toBe(true);
    expect(fieldOf(help('client_id', 'string')).secret).toBe(false);
  });

  it('gives on|off fields the two choices and enum fields theirs', () => {
    expect(fieldOf(help('enable', 'on|off')).options).toEqual(['on', 'off']);
    expect(fieldOf(help('mode', 'enum', { values: ['a', 'b'] })).options).toEqual(['a', 'b']);
  });

  it('reads the saved values and marks keys the environment decides', () => {
    const detail: ConfigDetail = {
      name: 'api',
      description: 'api',
      multipleTargets: false,
      help: [help('requests_max', 'number'), help('cors_allow_origin', 'csv')],
      key_values: [
        { key: 'requests_max', value: '5', envOverride: { name: 'MINIO_API_REQUESTS_MAX', value: '9' } },
        { key: 'cors_allow_origin', value: 'a,b' },
      ],
      targets: [],
    };
    const { fields, values } = formOf(detail);
    expect(values).toEqual({ requests_max: '5', cors_allow_origin: 'a,b' });
    expect(fields[0]?.env).toEqual({ name: 'MINIO_API_REQUESTS_MAX', value: '9' });
    expect(fields[1]?.env).toBeUndefined();
  });
});

describe('CSV fields (spec 2 §5)', () => {
  it('drop empty entries and join with commas', () => {
    expect(parseCsv(' a, ,b,,c ')).toEqual(['a', 'b', 'c']);
    expect(parseCsv('')).toEqual([]);
    expect(joinCsv(['.txt', '', ' .log ', ''])).toBe('.txt,.log');
  });
});

describe('validation messages', () => {
  const f = (type: ConfigKeyHelp['type'], extra: Partial<ConfigKeyHelp> = {}) =>
    fieldOf(help('value', type, extra));
  it('checks each type', () => {
    expect(fieldProblem(f('number'), '12')).toBeUndefined();
    expect(fieldProblem(f('number'), 'twelve')).toBe('Value must be a number');
    expect(fieldProblem(f('on|off'), 'maybe')).toBe('Value must be on or off');
    expect(fieldProblem(f('url'), 'ftp://x')).toBe('Value must be an http:// or https:// URL');
    expect(fieldProblem(f('url'), 'http://receiver:8080/log')).toBeUndefined();
    expect(fieldProblem(f('uri'), 'not a uri')).toBe('Value must be a URI such as scheme://host/path');
    expect(fieldProblem(f('address'), ':9000')).toBeUndefined();
    expect(fieldProblem(f('address'), 'host')).toBe('Value must be an address such as host:port');
    expect(fieldProblem(f('duration'), '1h30m')).toBeUndefined();
    expect(fieldProblem(f('duration'), '10 sec')).toBe('Value must be a duration such as 10s, 5m or 1h');
    expect(fieldProblem(f('enum', { values: ['x', 'y'] }), 'z')).toBe('Value must be one of x, y');
    expect(fieldProblem(f('string'), 'anything at all')).toBeUndefined();
    expect(fieldProblem(f('number'), '')).toBeUndefined();
  });

  it('collects the problems of a form, skipping keys the environment decides', () => {
    const fields = [
      fieldOf(help('a', 'number')),
      fieldOf(help('b', 'number'), { name: 'MINIO_X_B', value: '1' }),
    ];
    expect(formProblems(fields, { a: 'x', b: 'y' })).toEqual({ a: 'A must be a number' });
  });
});

describe('saving', () => {
  it('drops empty values and environment-decided keys, normalises CSV', () => {
    const fields = [
      fieldOf(help('name', 'string')),
      fieldOf(help('comment', 'comment')),
      fieldOf(help('extensions', 'csv')),
      fieldOf(help('max', 'number'), { name: 'MINIO_X_MAX', value: '3' }),
    ];
    expect(
      keyValuesToSave(fields, { name: ' eu-west-1 ', comment: '', extensions: '.txt,,.log,', max: '9' }),
    ).toEqual([
      { key: 'name', value: 'eu-west-1' },
      { key: 'extensions', value: '.txt,.log' },
    ]);
  });
});
