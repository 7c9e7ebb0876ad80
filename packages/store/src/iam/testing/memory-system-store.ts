// SPDX-License-Identifier: Apache-2.0
import type { SystemStore } from '../../object-layer/types.js';

/**
 * An in-memory SystemStore for unit tests of IAM alone (integration tests use the real object layer).
 */
export class MemorySystemStore implements SystemStore {
  readonly docs = new Map<string, Buffer>();

  async read(path: string): Promise<Buffer | null> {
    return this.docs.get(path) ?? null;
  }

  async write(path: string, data: Buffer): Promise<void> {
    this.docs.set(path, Buffer.from(data));
  }

  async delete(path: string): Promise<void> {
    this.docs.delete(path);
  }

  async list(prefix: string): Promise<string[]> {
    const p = prefix.endsWith('/') ? prefix : `${prefix}/`;
    return [...this.docs.keys()].filter((k) => k.startsWith(p)).sort();
  }
}
