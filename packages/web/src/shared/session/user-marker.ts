// SPDX-License-Identifier: Apache-2.0
/**
 * The signed-in marker: the base64 form of the user name, kept in local storage after a login
 * (spec 1 §4 "Login"). Other screens read it to know who is signed in (spec 2 §6: a user cannot delete
 * themselves), and the API client clears it when the session ends.
 */
const key = 'userLoggedIn';

/** Stores base64(userName); UTF-8 safe so non-ASCII names survive. */
export function setUserMarker(userName: string): void {
  const bytes = new TextEncoder().encode(userName);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  try {
    localStorage.setItem(key, btoa(binary));
  } catch {
    // Storage can be disabled (private mode); the session cookie still works without the marker.
  }
}

/** The signed-in user name, or null when there is no (readable) marker. */
export function getUserMarker(): string | null {
  try {
    const stored = localStorage.getItem(key);
    if (!stored) return null;
    const binary = atob(stored);
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

export function clearUserMarker(): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
