// SPDX-License-Identifier: Apache-2.0
/**
 * Virtual-host style addressing: `bucket.<domain>[:port]` selects the bucket from the Host header.
 * Only hosts under a configured domain count, so plain IPs and the bare domain stay path-style.
 */
export function bucketFromHost(host: string | undefined, domains: readonly string[]): string | null {
  if (!host) return null;
  let name = host.toLowerCase();
  if (name.startsWith('[')) return null; // IPv6 literal
  const colon = name.lastIndexOf(':');
  if (colon >= 0) name = name.slice(0, colon);
  for (const domain of domains) {
    const suffix = `.${domain}`;
    if (name.endsWith(suffix) && name.length > suffix.length) return name.slice(0, -suffix.length);
  }
  return null;
}
