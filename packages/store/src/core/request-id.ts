// SPDX-License-Identifier: Apache-2.0
let counter = 0;

/**
 * A request id in MinIO's style: 16 upper-case hex digits, time ordered (milliseconds since the epoch
 * scaled to nanoseconds plus a per-process counter) so ids sort like the log they appear in.
 */
export function newRequestId(): string {
  counter = (counter + 1) % 1_000_000;
  const ns = BigInt(Date.now()) * 1_000_000n + BigInt(counter);
  return ns.toString(16).toUpperCase().padStart(16, '0');
}
