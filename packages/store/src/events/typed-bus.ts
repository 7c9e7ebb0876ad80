// SPDX-License-Identifier: Apache-2.0
import { EventEmitter } from 'node:events';

/** A typed facade over EventEmitter for one event name carrying one kind of value. */
export interface TypedBus<N extends string, E> {
  on(event: N, listener: (e: E) => void): this;
  off(event: N, listener: (e: E) => void): this;
  emit(event: N, e: E): boolean;
  listenerCount(event: N): number;
}

/** A bus with no listener limit (every live stream subscribes). */
export function createTypedBus<N extends string, E>(): TypedBus<N, E> {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  return bus as unknown as TypedBus<N, E>;
}
