// SPDX-License-Identifier: Apache-2.0
const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** The largest multiple of 62 below 256: bytes from here up are drawn again, so every symbol is as likely. */
const unbiasedLimit = 248;

/**
 * Random alphanumeric id (spec 3 §9: 16 characters by default), from the browser's CSPRNG: the wizard's
 * preset access key (16) and secret key (32) come from here.
 */
export function randomId(length = 16): string {
  let id = '';
  while (id.length < length) {
    const bytes = new Uint8Array(length * 2);
    crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b < unbiasedLimit && id.length < length) id += alphabet[b % alphabet.length];
    }
  }
  return id;
}
