// SPDX-License-Identifier: Apache-2.0
/** A problem with the command line or the setup it names: printed as one line, exit status 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}
