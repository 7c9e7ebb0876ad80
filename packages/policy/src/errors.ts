// SPDX-License-Identifier: Apache-2.0
/** A policy document that does not validate; `message` says what is wrong and where. */
export class PolicyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PolicyError';
  }
}
