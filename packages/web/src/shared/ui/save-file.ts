/** Hands bytes to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the bytes over; revoking later leaves the browser time to start reading them.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** Saves `data` as pretty-printed JSON named `fileName` (credentials.json, diagnostic.json, …). */
export function saveJson(data: unknown, fileName: string): void {
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}
