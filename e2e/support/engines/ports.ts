// SPDX-License-Identifier: Apache-2.0
import net from 'node:net';

/** A TCP port free on loopback right now: the kernel picks it, the probe socket lets it go. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('the probe socket has no port'));
      });
    });
  });
}
