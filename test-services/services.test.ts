// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from 'vitest';
import { testService } from './index.js';

describe('test-services controller', () => {
  it('starts a service once per run and hands every caller the same instance', async () => {
    const [a, b] = await Promise.all([
      testService<{ url: string }>('echo'),
      testService<{ url: string }>('echo'),
    ]);
    expect(a.url).toBe(b.url);
    expect(await (await fetch(`${a.url}/hello`)).text()).toBe('/hello');
  });

  it('names the known services when asked for an unknown one', async () => {
    await expect(testService('no-such-service')).rejects.toThrow(
      /no test service named "no-such-service"; known: .*echo/,
    );
  });
});
