// SPDX-License-Identifier: Apache-2.0
/**
 * IndexedDB for a unit test in Node (fake-indexeddb). Its `auto` entry would install it on the test setup's
 * `window` stand-in, where idb does not look: every IndexedDB global goes on the global object here.
 */
import * as fake from 'fake-indexeddb';

const { default: _factory, ...globals } = fake as typeof fake & { default?: unknown };
Object.assign(globalThis, globals);
