// SPDX-License-Identifier: Apache-2.0
// Admin API: service control (PROTOCOL-NOTES §2; madmin-go service-commands.go).
import type { AdminTransport } from '../transport.js';
import type { ServiceAction } from '../types/service.js';

/** `POST /service?action=`. */
export async function serviceAction(t: AdminTransport, action: ServiceAction): Promise<void> {
  if (!['restart', 'stop', 'freeze', 'unfreeze'].includes(action)) {
    throw new TypeError(`unknown service action ${JSON.stringify(action)}`);
  }
  await t.empty({ method: 'POST', path: '/service', query: { action } });
}

/** `POST /service?action=restart`: the server re-reads its configuration. */
export async function serviceRestart(t: AdminTransport): Promise<void> {
  return serviceAction(t, 'restart');
}
