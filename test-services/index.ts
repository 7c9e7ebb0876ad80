// SPDX-License-Identifier: Apache-2.0
import { CONTROLLER_ENV } from './global-setup.js';

/**
 * Starts the named service if this run has not started it yet, and returns its info (URLs, ports,
 * credentials). Runs in any test worker of Vitest or Playwright; the service lives until the run ends.
 */
export async function testService<T = Record<string, unknown>>(name: string): Promise<T> {
  const controller = process.env[CONTROLLER_ENV];
  if (!controller) {
    throw new Error(
      `${CONTROLLER_ENV} is unset: run tests through the configs that use test-services/global-setup.ts`,
    );
  }
  const res = await fetch(`${controller}/start/${encodeURIComponent(name)}`, { method: 'POST' });
  const body = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(`test service ${name}: ${body.error ?? res.status}`);
  return body;
}
