// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { historyView } from './config-change';

const whole = (region: string, extra = ''): string =>
  `region name=${region} comment=""\ncompression enable=off\napi requests_max=0\n${extra}`;

describe('historyView', () => {
  it('shows the line a whole configuration changed, before and after', () => {
    expect(historyView(whole('eu-1'), whole('""'))).toEqual({
      kind: 'change',
      removed: ['region name="" comment=""'],
      added: ['region name=eu-1 comment=""'],
    });
  });

  it('names a target that came or went, in the text’s order', () => {
    const targets = 'logger_webhook:a endpoint=http://a\nlogger_webhook:b endpoint=http://b';
    expect(historyView(whole('x', targets), whole('x'))).toEqual({
      kind: 'change',
      removed: [],
      added: ['logger_webhook:a endpoint=http://a', 'logger_webhook:b endpoint=http://b'],
    });
    expect(historyView(whole('x'), whole('x', targets))).toEqual({
      kind: 'change',
      removed: ['logger_webhook:a endpoint=http://a', 'logger_webhook:b endpoint=http://b'],
      added: [],
    });
  });

  it('finds no change when only blank lines, comments or line ends differ', () => {
    expect(historyView(`# saved\n${whole('x')}\n\n`, whole('x').replaceAll('\n', '\r\n'))).toEqual({
      kind: 'change',
      removed: [],
      added: [],
    });
  });

  it('shows the lines of a single change as they were saved (MinIO keeps what was set)', () => {
    expect(historyView('region name=eu-1\n', whole('x'))).toEqual({
      kind: 'lines',
      lines: ['region name=eu-1'],
    });
    expect(historyView('notify_webhook:1 endpoint=http://h enable=on', null)).toEqual({
      kind: 'lines',
      lines: ['notify_webhook:1 endpoint=http://h enable=on'],
    });
  });

  it('shows a whole configuration as such when nothing whole was saved before it', () => {
    expect(historyView(whole('x'), null)).toEqual({ kind: 'whole' });
    expect(historyView(whole('x'), 'region name=y')).toEqual({ kind: 'whole' });
  });
});
