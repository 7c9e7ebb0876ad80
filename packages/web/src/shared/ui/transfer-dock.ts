// SPDX-License-Identifier: Apache-2.0
/**
 * Where the object browser's dock of transfers (Jobs above Uploads) sits: a column this wide, this far
 * from the window's right and bottom edges, from the `sm` breakpoint up (full width below it). The screen
 * snackbar keeps clear of that column, so the two never cover each other.
 */
export const transferDock = { width: 400, margin: 24 } as const;

/** The widest a bottom-left box may be, from its left margin to a gap before the dock's column. */
export const clearOfTransferDock = `calc(100vw - ${transferDock.margin * 3 + transferDock.width}px)`;
