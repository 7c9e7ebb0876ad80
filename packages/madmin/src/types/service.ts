// SPDX-License-Identifier: Apache-2.0
// Wire types of the service calls (madmin-go service-commands.go).

/** `POST /service?action=`. */
export type ServiceAction = 'restart' | 'stop' | 'freeze' | 'unfreeze';
