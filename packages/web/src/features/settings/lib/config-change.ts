// SPDX-License-Identifier: Apache-2.0
/**
 * What a configuration history entry shows. Servers keep different things in an entry: the embedded
 * store keeps the whole configuration as each change left it, MinIO keeps the text a change was made
 * with (`set-config-kv`'s lines, one sub-system) or a whole imported configuration. The stored text has
 * a line per set or target (`region name=… comment=…`, `notify_webhook:1 enable=on …`), so:
 * - an entry that holds a whole configuration, with a whole one saved before it, shows the lines that
 *   went (removed) and came (added);
 * - another whole configuration is shown as such;
 * - an entry of some lines shows those lines: the settings it was saved with.
 * Blank and `#` comment lines are not settings and are left out.
 */
export type HistoryView =
  | { kind: 'change'; removed: string[]; added: string[] }
  | { kind: 'whole' }
  | { kind: 'lines'; lines: string[] };

function settingLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

/** A whole configuration names several sub-systems; one change (`set-config-kv`) names one. */
function isWhole(lines: string[]): boolean {
  return new Set(lines.map((l) => l.split(/[\s:]/, 1)[0])).size > 1;
}

/** The view of entry `text`, given the text of the entry saved just before it (null: none listed). */
export function historyView(text: string, before: string | null): HistoryView {
  const now = settingLines(text);
  if (!isWhole(now)) return { kind: 'lines', lines: now };
  const was = before === null ? null : settingLines(before);
  if (was === null || !isWhole(was)) return { kind: 'whole' };
  const wasSet = new Set(was);
  const nowSet = new Set(now);
  return {
    kind: 'change',
    removed: was.filter((l) => !nowSet.has(l)),
    added: now.filter((l) => !wasSet.has(l)),
  };
}
