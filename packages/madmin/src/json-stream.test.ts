// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { JsonStreamParser } from './json-stream.js';

function parseAll(chunks: Array<string | Uint8Array>): unknown[] {
  const p = new JsonStreamParser();
  const out: unknown[] = [];
  for (const c of chunks) out.push(...p.push(c));
  out.push(...p.end());
  return out;
}

describe('JsonStreamParser', () => {
  const values = [
    { a: '}{"\\', b: [1, { c: null }] },
    [1, 2],
    'str"ing',
    42,
    true,
    null,
    -1.5e3,
    { é: '€😀' },
  ];
  const text = ` ${values.map((v) => JSON.stringify(v)).join('  \n ')}   `;

  it('parses whitespace-separated values at every chunk boundary', () => {
    const bytes = Buffer.from(text);
    for (let cut = 0; cut <= bytes.length; cut++) {
      expect(parseAll([bytes.subarray(0, cut), bytes.subarray(cut)])).toEqual(values);
    }
    expect(parseAll([...bytes].map((b) => Buffer.of(b)))).toEqual(values);
    expect(parseAll([text])).toEqual(values);
  });

  it('parses values written back to back and keeps keep-alives out', () => {
    expect(parseAll(['{"a":1}{"b":2}[3]"x"'])).toEqual([{ a: 1 }, { b: 2 }, [3], 'x']);
    expect(parseAll(['   ', ' ', ''])).toEqual([]);
  });

  it('does not emit a scalar until it is delimited', () => {
    const p = new JsonStreamParser();
    expect(p.push('12')).toEqual([]);
    expect(p.push('3 ')).toEqual([123]);
  });

  it('rejects truncated and malformed input', () => {
    const p = new JsonStreamParser();
    p.push('{"a":');
    expect(() => p.end()).toThrow(SyntaxError);
    expect(() => parseAll(['{"a":}'])).toThrow(SyntaxError);
    expect(() => parseAll([Buffer.of(0x7b, 0x22, 0xff, 0x22, 0x7d)])).toThrow();
  });
});

describe('JsonStreamParser on large input', () => {
  it('parses many values in one chunk and a value spread over many chunks', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => ({ i, s: `v${i}` }));
    expect(parseAll([many.map((v) => JSON.stringify(v)).join(' ')])).toEqual(many);
    const big = { items: Array.from({ length: 5_000 }, (_, i) => `item-${i}`) };
    const text = JSON.stringify(big);
    const chunks = [];
    for (let i = 0; i < text.length; i += 7) chunks.push(text.slice(i, i + 7));
    expect(parseAll([' ', ...chunks, ' '])).toEqual([big]);
  });
});
