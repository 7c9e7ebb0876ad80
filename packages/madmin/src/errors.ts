// SPDX-License-Identifier: Apache-2.0
/**
 * Errors of the admin API as one typed error. MinIO answers failures with a JSON body
 * `{Code, Message, Resource, RequestId, ...}` (PROTOCOL-NOTES §1); some front ends (proxies, the S3
 * layer) answer XML instead, and anything else still becomes a MadminError with the HTTP status.
 */
import { z } from 'zod';

/** The JSON error body MinIO sends (PascalCase on the wire). */
export const errorResponseBodySchema = z.object({
  Code: z.string(),
  Message: z.string(),
  Key: z.string().optional(),
  BucketName: z.string().optional(),
  Resource: z.string().optional(),
  Region: z.string().optional(),
  RequestId: z.string().optional(),
  HostId: z.string().optional(),
});
export type ErrorResponseBody = z.infer<typeof errorResponseBodySchema>;

/** A field of an error body as it is read: a string, or absent when missing or of another type. */
const lenientText = z.string().optional().catch(undefined);

/** What is read of an error body sent by MinIO or whatever front end answered instead. */
const errorAnswerSchema = z.object({
  Code: lenientText,
  Message: lenientText,
  Resource: lenientText,
  Region: lenientText,
  RequestId: lenientText,
});

/** A failed admin or STS call. Branch on `code` (MinIO's error code), never on `message`. */
export class MadminError extends Error {
  override readonly name = 'MadminError';
  readonly code: string;
  readonly status: number;
  readonly requestId: string | undefined;
  readonly resource: string | undefined;
  /** The server's region, when the answer names it (S3/STS `AuthorizationHeaderMalformed`). */
  readonly region: string | undefined;

  constructor(init: {
    code: string;
    message: string;
    status: number;
    requestId?: string;
    resource?: string;
    region?: string;
  }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.resource = init.resource;
    this.region = init.region;
  }
}

function xmlTag(xml: string, tag: string): string | undefined {
  const m = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(xml);
  return m ? decodeXmlText(m[1]!) : undefined;
}

/** Unescapes the five predefined XML entities and numeric character references. */
export function decodeXmlText(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|lt|gt|amp|quot|apos);/g, (_, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(Number.parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(Number.parseInt(ref.slice(1), 10));
    return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[ref as 'lt'];
  });
}

/**
 * Turns a non-2xx response body into a MadminError: MinIO's JSON first, then S3/STS XML
 * (`<Error><Code>` or `<ErrorResponse><Error><Code>`), then the raw text.
 */
export function errorFromBody(status: number, statusText: string, body: Uint8Array): MadminError {
  const text = Buffer.from(body).toString('utf8').trim();
  if (text.startsWith('{')) {
    try {
      const answer = errorAnswerSchema.safeParse(JSON.parse(text));
      const parsed = answer.success ? answer.data : {};
      if (parsed.Code !== undefined && parsed.Code !== '') {
        return new MadminError({
          code: parsed.Code,
          message: parsed.Message ?? parsed.Code,
          status,
          requestId: parsed.RequestId,
          resource: parsed.Resource,
          region: parsed.Region,
        });
      }
    } catch {
      // Not JSON after all: fall through to the other shapes.
    }
  }
  if (text.startsWith('<')) {
    const code = xmlTag(text, 'Code');
    if (code) {
      return new MadminError({
        code,
        message: xmlTag(text, 'Message') ?? code,
        status,
        requestId: xmlTag(text, 'RequestId'),
        resource: xmlTag(text, 'Resource'),
        region: xmlTag(text, 'Region'),
      });
    }
  }
  const fallback = statusText || `HTTP ${status}`;
  return new MadminError({
    code: `HTTP${status}`,
    message: text === '' ? fallback : `${fallback}: ${text.slice(0, 1024)}`,
    status,
  });
}
