// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { corsFromForm, corsRuleToForm, emptyCorsRule } from './cors-form';

describe('the Edit CORS form', () => {
  it('turns comma- or space-separated lists into the rule the API takes, and back', () => {
    const result = corsFromForm([
      {
        id: ' web ',
        origins: 'https://a.example.com, https://b.example.com',
        methods: ['GET', 'PUT'],
        headers: 'content-type x-amz-date',
        exposeHeaders: '',
        maxAge: '600',
      },
    ]);
    expect(result).toEqual({
      ok: true,
      value: {
        rules: [
          {
            id: 'web',
            allowedOrigins: ['https://a.example.com', 'https://b.example.com'],
            allowedMethods: ['GET', 'PUT'],
            allowedHeaders: ['content-type', 'x-amz-date'],
            exposeHeaders: [],
            maxAgeSeconds: 600,
          },
        ],
      },
    });
    if (result.ok) {
      const [rule] = result.value.rules;
      expect(rule && corsRuleToForm(rule)).toMatchObject({
        origins: 'https://a.example.com, https://b.example.com',
        headers: 'content-type, x-amz-date',
        maxAge: '600',
      });
    }
  });

  it('names the rule and the problem: no origin, no method, a max age that is not whole seconds', () => {
    expect(corsFromForm([{ ...emptyCorsRule, origins: '*' }, emptyCorsRule])).toEqual({
      ok: false,
      error: 'Rule 2: Give at least one allowed origin',
    });
    expect(corsFromForm([{ ...emptyCorsRule, origins: '*', methods: [] }])).toEqual({
      ok: false,
      error: 'Rule 1: Choose at least one method',
    });
    expect(corsFromForm([{ ...emptyCorsRule, origins: '*', maxAge: '1.5' }])).toEqual({
      ok: false,
      error: 'Rule 1: the max age is a whole number of seconds',
    });
  });

  it('no rule at all is the removal of the configuration', () => {
    expect(corsFromForm([])).toEqual({ ok: true, value: { rules: [] } });
  });
});
