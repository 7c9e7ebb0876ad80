// SPDX-License-Identifier: Apache-2.0
/**
 * Incremental parser of a stream of JSON values separated by whitespace, the framing of MinIO's
 * streamed admin calls (trace, log, heal, healthinfo): values written back to back, with single-space
 * keep-alives in between (PROTOCOL-NOTES §7). It is robust to any chunk boundary, including one that
 * splits a multi-byte UTF-8 character, and scans each byte once.
 */
export class JsonStreamParser {
  #buf = '';
  /** Index in #buf of the first unscanned character. */
  #pos = 0;
  /** Start of the value being scanned, or -1 between values. */
  #start = -1;
  #depth = 0;
  #inString = false;
  #escape = false;
  /** The current top-level value is a bare scalar (number, true, false, null). */
  #scalar = false;
  readonly #decoder = new TextDecoder('utf-8', { fatal: true });

  /** Feeds a chunk; returns the values it completed. Throws SyntaxError on malformed JSON. */
  push(chunk: Uint8Array | string): unknown[] {
    this.#buf += typeof chunk === 'string' ? chunk : this.#decoder.decode(chunk, { stream: true });
    return this.#scan(false);
  }

  /** Ends the stream; returns a final bare scalar if one was pending. Throws on a truncated value. */
  end(): unknown[] {
    this.#buf += this.#decoder.decode();
    const out = this.#scan(true);
    if (this.#start >= 0) throw new SyntaxError('JSON stream ended inside a value');
    return out;
  }

  #emit(out: unknown[], end: number): void {
    out.push(JSON.parse(this.#buf.slice(this.#start, end)));
    this.#pos = end;
    this.#start = -1;
    this.#scalar = false;
  }

  #scan(final: boolean): unknown[] {
    const out: unknown[] = [];
    while (this.#pos < this.#buf.length) {
      const ch = this.#buf[this.#pos]!;
      if (this.#start < 0) {
        if (ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t') {
          this.#pos++;
          continue;
        }
        this.#start = this.#pos;
        this.#depth = 0;
        if (ch === '{' || ch === '[') this.#depth = 1;
        else if (ch === '"') this.#inString = true;
        else this.#scalar = true;
        this.#pos++;
        continue;
      }
      if (this.#scalar) {
        if (' \n\r\t{["'.includes(ch)) {
          this.#emit(out, this.#pos);
          continue;
        }
        this.#pos++;
        continue;
      }
      this.#pos++;
      if (this.#inString) {
        if (this.#escape) this.#escape = false;
        else if (ch === '\\') this.#escape = true;
        else if (ch === '"') {
          this.#inString = false;
          if (this.#depth === 0) this.#emit(out, this.#pos);
        }
        continue;
      }
      if (ch === '"') this.#inString = true;
      else if (ch === '{' || ch === '[') this.#depth++;
      else if (ch === '}' || ch === ']') {
        this.#depth--;
        if (this.#depth === 0) this.#emit(out, this.#pos);
      }
    }
    if (final && this.#scalar) this.#emit(out, this.#buf.length);
    // Drop what is consumed (values and keep-alives) once per chunk, so the buffer never holds more
    // than the value in progress and the scan stays linear however many values a chunk carries.
    const keepFrom = this.#start < 0 ? this.#pos : this.#start;
    if (keepFrom > 0) {
      this.#buf = this.#buf.slice(keepFrom);
      this.#pos -= keepFrom;
      if (this.#start >= 0) this.#start = 0;
    }
    return out;
  }
}

/**
 * Yields the JSON values of a response body as they arrive. Ending the iteration early (break,
 * return, or the caller's AbortSignal) cancels the body so the connection is released.
 */
export async function* jsonValues(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<unknown, void, undefined> {
  const reader = body.getReader();
  const parser = new JsonStreamParser();
  let done = false;
  try {
    while (true) {
      const next = await reader.read();
      if (next.done) break;
      for (const value of parser.push(next.value)) yield value;
    }
    done = true;
    for (const value of parser.end()) yield value;
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
