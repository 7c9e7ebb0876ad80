// SPDX-License-Identifier: Apache-2.0
/** The form of Tools → Inspect. */
export interface InspectForm {
  volume: string;
  path: string;
  encrypt: boolean;
}

/** Each field's problem (empty when the form can be sent). */
export function inspectFormErrors(f: InspectForm): Partial<Record<'volume' | 'path', string>> {
  const errors: Partial<Record<'volume' | 'path', string>> = {};
  const volume = f.volume.trim();
  if (volume === '') errors.volume = 'Volume (the bucket) is required';
  else if (volume.includes('/')) errors.volume = 'Volume is a bucket name, without slashes';
  const path = f.path.trim();
  if (path === '') errors.path = 'Path (the object) is required';
  else if (path.split('/').includes('..')) errors.path = 'Path must not contain ..';
  return errors;
}

/** What the page shows as examples of the two fields. */
export const inspectExamples: readonly { volume: string; path: string; what: string }[] = [
  { volume: 'photos', path: '2024/beach.jpg', what: 'one object' },
  { volume: 'photos', path: '2024/*', what: 'every object under a prefix' },
  { volume: 'logs', path: 'app-??.log', what: '? matches one character' },
];

/** The one-time key of an encrypted answer, split as the community console shows it. */
export function inspectKeyParts(header: string): { id: string; key: string } | null {
  return /^[0-9a-f]{72}$/.test(header) ? { id: header.slice(0, 8), key: header } : null;
}
