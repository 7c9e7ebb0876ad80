// SPDX-License-Identifier: Apache-2.0
export type SnackbarKind = 'message' | 'error';

/** Spec 1 §4/§9: snackbars hide after 5 s, errors after 10 s. */
export function autoHideMs(type: SnackbarKind): number {
  return type === 'error' ? 10_000 : 5_000;
}

/**
 * What the modal snackbar shows: the detailed message when it has at least 5 characters, else the short one
 * (spec 1 §8).
 */
export function modalSnackbarText(m: { message: string; detailedErrorMsg?: string | undefined }): string {
  return m.detailedErrorMsg && m.detailedErrorMsg.length >= 5 ? m.detailedErrorMsg : m.message;
}
