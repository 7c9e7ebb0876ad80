// SPDX-License-Identifier: Apache-2.0
/**
 * The few browser globals the tested modules touch, for Vitest's Node environment: a `window.location`
 * (tests move it to their own server), `document.baseURI` (what `<base href>` gives) and `localStorage`.
 */
class MemoryStorage {
  private readonly map = new Map<string, string>();
  getItem(key: string): string | null {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.map.set(key, String(value));
  }
  removeItem(key: string): void {
    this.map.delete(key);
  }
  clear(): void {
    this.map.clear();
  }
}

const testLocation = new URL('http://127.0.0.1/');
Object.assign(globalThis, {
  window: { location: testLocation, setTimeout, clearTimeout, setInterval, clearInterval },
  document: {
    // MUI looks for an emotion insertion point when imported; there is none.
    querySelector: (): null => null,
    get baseURI(): string {
      return testLocation.origin + ((globalThis as { __baseHref?: string }).__baseHref ?? '/');
    },
  },
  localStorage: new MemoryStorage(),
});

export {};
