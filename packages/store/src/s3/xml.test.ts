// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { xmlDate, xmlDocument, xmlEscape } from './xml.js';

describe('response XML', () => {
  it('writes dates as ISO 8601 with milliseconds, the same as toISOString for every range', () => {
    const times = [
      0, 1, 9, 10, 99, 100, 999, 1000, 1_764_000_000_123, 1_764_000_000_007, 253_402_300_799_999,
    ];
    // Out of the four-digit years (and before 1970): toISOString's own forms.
    times.push(253_402_300_800_000, -1, -62_198_755_200_000);
    // Several times of one second in a row, then another second, then back.
    times.push(1_764_000_000_001, 1_764_000_000_950, 1_764_000_001_000, 1_764_000_000_500);
    for (const ms of times) expect(xmlDate(new Date(ms))).toBe(new Date(ms).toISOString());
    expect(() => xmlDate(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('escapes the five entities and leaves other text as it is', () => {
    expect(xmlEscape(`a<b>&"c'`)).toBe('a&lt;b&gt;&amp;&quot;c&apos;');
    expect(xmlEscape('obj/0000001 é \u{1F600}')).toBe('obj/0000001 é \u{1F600}');
  });

  it('renders attributes and text wherever they sit among an element’s members', () => {
    const doc = xmlDocument(
      'R',
      {
        A: [{ K: 'x&y', N: 16, B: false }, null],
        T: { Child: 1, '#text': 'a<b', '@_id': 'q"' },
        U: undefined,
      },
      null,
    );
    expect(doc).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<R><A><K>x&amp;y</K><N>16</N><B>false</B></A><A/><T id="q&quot;">a&lt;b<Child>1</Child></T></R>',
    );
  });
});
