// SPDX-License-Identifier: Apache-2.0
/** 'PRIVATE' → 'Private', 'hard' → 'Hard' (spec 1 §2.5: "Access with first letter capitalised"). */
export function capitalize(text: string): string {
  return text === '' ? '' : text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}
