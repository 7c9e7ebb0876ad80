// SPDX-License-Identifier: Apache-2.0
/**
 * Test-only rig of the object data route tests (downloads and share links in object-data-routes, retention,
 * legal hold and tags in object-settings-routes): a real store on four drives, the console app in front of
 * it listening over real HTTP, and a root session. `useObjectRig(seed)` registers the hooks that start it
 * once per test file, seed it and stop it afterwards.
 */
import { fillApiPath } from '@stowage/contracts';
import { afterAll, beforeAll } from 'vitest';
import {
  type ConsoleHarness,
  jsonCaller,
  sessionCookieHeader,
  startConsoleHarness,
} from './console-harness.js';

export type Query = Record<string, string | string[]>;

function qs(query: Query): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) q.append(k, one);
  return q.toString();
}

export const url = (pattern: string, bucket: string, query: Query): string =>
  `${fillApiPath(pattern, { bucket })}?${qs(query)}`;

export interface ObjectRig extends ConsoleHarness {
  /** Set by the rig's beforeAll: the root session cookie's value. */
  token: string;
  /** The console's base URL over real HTTP. */
  base: string;
  /** A signed-in JSON caller through `inject`. */
  call: ReturnType<typeof jsonCaller>;
  /** A signed-in GET over real HTTP (streaming responses), with extra request headers. */
  get(path: string, headers?: Record<string, string>, signal?: AbortSignal): Promise<Response>;
}

export function useObjectRig(seed: (rig: ObjectRig) => Promise<void>): ObjectRig {
  const rig = {
    get: (path: string, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<Response> =>
      fetch(`${rig.base}${path}`, {
        headers: { cookie: sessionCookieHeader(rig.token), ...headers },
        ...(signal === undefined ? {} : { signal }),
      }),
  } as ObjectRig;

  beforeAll(async () => {
    Object.assign(rig, await startConsoleHarness({ drives: 4 }));
    rig.token = await rig.login();
    rig.call = jsonCaller(rig.app, rig.token);
    rig.base = await rig.listen();
    await seed(rig);
  }, 300_000);

  afterAll(async () => {
    // fetch keeps spare connections to the console open, some without any request yet; the server would
    // wait for them to time out on close.
    rig.app?.server.closeAllConnections();
    await rig.close?.();
  });

  return rig;
}
