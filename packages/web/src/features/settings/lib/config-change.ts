/**
 * What one saved configuration changed against the one saved before it. The stored text has a line per
 * set or target (`region name=… comment=…`, `notify_webhook:1 enable=on …`), so a change is the lines
 * that went away and the lines that came, each in its text's order. Blank and `#` comment lines are
 * not settings and are left out.
 */
export interface ConfigChange {
  removed: string[];
  added: string[];
}

function settingLines(text: string): string[] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('#'));
}

export function configChange(before: string, after: string): ConfigChange {
  const was = settingLines(before);
  const now = settingLines(after);
  const wasSet = new Set(was);
  const nowSet = new Set(now);
  return {
    removed: was.filter((l) => !nowSet.has(l)),
    added: now.filter((l) => !wasSet.has(l)),
  };
}
