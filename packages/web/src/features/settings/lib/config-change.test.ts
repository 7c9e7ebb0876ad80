import { describe, expect, it } from 'vitest';
import { configChange } from './config-change';

describe('configChange', () => {
  it('names the line a set changed, before and after', () => {
    const before = 'region name="" comment=""\ncompression enable=off\n';
    const after = 'region name=eu-1 comment=""\ncompression enable=off\n';
    expect(configChange(before, after)).toEqual({
      removed: ['region name="" comment=""'],
      added: ['region name=eu-1 comment=""'],
    });
  });

  it('names a target that came or went, in the text’s order', () => {
    const base = 'api requests_max=0\nregion name=""';
    const withTargets = `${base}\nlogger_webhook:a endpoint=http://a\nlogger_webhook:b endpoint=http://b`;
    expect(configChange(base, withTargets)).toEqual({
      removed: [],
      added: ['logger_webhook:a endpoint=http://a', 'logger_webhook:b endpoint=http://b'],
    });
    expect(configChange(withTargets, base)).toEqual({
      removed: ['logger_webhook:a endpoint=http://a', 'logger_webhook:b endpoint=http://b'],
      added: [],
    });
  });

  it('finds nothing when only blank lines, comments or line ends differ', () => {
    expect(configChange('# saved\nregion name=x\n\n', 'region name=x\r\n')).toEqual({
      removed: [],
      added: [],
    });
  });
});
