// SPDX-License-Identifier: Apache-2.0
/**
 * MinIO's configuration text (madmin-go parse-config.go; `mc admin config get/set/export/import`):
 *
 *   # MINIO_REGION_NAME=eu-west-1          an environment override of the line that follows
 *   region name=us-east-1 comment="a b"    subsys[:target] then key=value pairs
 *
 * A value with white space is quoted (double quotes, or single quotes when it holds a double quote);
 * `key=` is an empty value. Blank lines and other `#` lines are comments.
 */

/** One parsed line: `subsys[:target]` and its pairs in order (`value` undefined for a bare key). */
export interface KvLine {
  readonly subSys: string;
  /** '' when the line names no target. */
  readonly target: string;
  readonly pairs: readonly { key: string; value: string | undefined }[];
  /** 1-based line number in the text, for error messages. */
  readonly line: number;
}

/** A syntax error of configuration text; the message names the line and what is wrong. */
export class KvSyntaxError extends Error {
  override readonly name = 'KvSyntaxError';
}

function parsePairs(text: string, lineNo: number, bareKeys: boolean): KvLine['pairs'] {
  const pairs: { key: string; value: string | undefined }[] = [];
  let rest = text.trimStart();
  while (rest !== '') {
    const word = /^[^\s=]+/.exec(rest)?.[0];
    if (word === undefined) {
      throw new KvSyntaxError(`line ${lineNo}: expected key=value, found '${rest.split(/\s/)[0]}'`);
    }
    rest = rest.slice(word.length);
    if (!rest.startsWith('=')) {
      if (!bareKeys) throw new KvSyntaxError(`line ${lineNo}: expected key=value, found '${word}'`);
      pairs.push({ key: word, value: undefined });
      rest = rest.trimStart();
      continue;
    }
    rest = rest.slice(1);
    let value: string;
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      const end = rest.indexOf(quote, 1);
      if (end < 0) throw new KvSyntaxError(`line ${lineNo}: the value of '${word}' has no closing ${quote}`);
      value = rest.slice(1, end);
      rest = rest.slice(end + 1);
      if (rest !== '' && !/^\s/.test(rest)) {
        throw new KvSyntaxError(`line ${lineNo}: expected a space after the quoted value of '${word}'`);
      }
    } else {
      value = /^\S*/.exec(rest)?.[0] ?? '';
      rest = rest.slice(value.length);
    }
    pairs.push({ key: word, value });
    rest = rest.trimStart();
  }
  return pairs;
}

/**
 * Parses configuration text into its lines. With `bareKeys`, a key without `=value` is allowed (the
 * keys to reset in `del-config-kv`). Throws {@link KvSyntaxError}.
 */
export function parseKvText(text: string, opts: { bareKeys?: boolean } = {}): KvLine[] {
  const out: KvLine[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] ?? '').trim();
    if (raw === '' || raw.startsWith('#')) continue;
    const head = /^\S+/.exec(raw)?.[0] ?? '';
    const colon = head.indexOf(':');
    const subSys = colon < 0 ? head : head.slice(0, colon);
    const target = colon < 0 ? '' : head.slice(colon + 1);
    if (subSys === '') throw new KvSyntaxError(`line ${i + 1}: no sub-system before ':'`);
    if (colon >= 0 && target === '') throw new KvSyntaxError(`line ${i + 1}: no target name after ':'`);
    out.push({
      subSys,
      target,
      pairs: parsePairs(raw.slice(head.length), i + 1, opts.bareKeys ?? false),
      line: i + 1,
    });
  }
  return out;
}

/** A value as MinIO prints it: quoted when it has white space (or starts with a quote). */
export function quoteValue(value: string): string {
  if (!/\s/.test(value) && !/^["']/.test(value)) return value;
  return value.includes('"') ? `'${value}'` : `"${value}"`;
}

/** One configured target as text: its environment-override comment lines, then the set line. */
export interface KvBlock {
  readonly subSys: string;
  /** '' for the default target. */
  readonly target: string;
  readonly values: readonly { key: string; value: string }[];
  /** Environment overrides shown before the line: variable name and value. */
  readonly env: readonly { name: string; value: string }[];
}

/** Prints blocks as MinIO does: `# MINIO_…=…` lines, then `subsys[:target] k=v …`, one block per line. */
export function formatKvText(blocks: readonly KvBlock[]): string {
  const out: string[] = [];
  for (const b of blocks) {
    for (const e of b.env) out.push(`# ${e.name}=${e.value}`);
    const head = b.target === '' ? b.subSys : `${b.subSys}:${b.target}`;
    out.push([head, ...b.values.map((kv) => `${kv.key}=${quoteValue(kv.value)}`)].join(' '));
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}
