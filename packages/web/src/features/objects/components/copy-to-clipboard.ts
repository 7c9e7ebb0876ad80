// SPDX-License-Identifier: Apache-2.0
/**
 * Copies text to the clipboard. The Clipboard API exists only in secure contexts (https or localhost); a
 * console reached over plain http elsewhere falls back to a hidden text area and the copy command.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('The browser did not allow copying to the clipboard.');
}
