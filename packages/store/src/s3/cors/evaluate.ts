// SPDX-License-Identifier: Apache-2.0
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StoreContext } from '../../core/context.js';
import { S3Error } from '../../core/errors.js';
import type { CorsRule } from './config.js';

/**
 * Bucket CORS as S3 applies it: the first rule whose origin, method and (for a preflight) requested
 * headers all match decides. A preflight `OPTIONS` is answered here (200 with the rule's headers, or
 * 403 AccessForbidden); an actual request gets the matching rule's headers and goes on.
 */

function wildcard(pattern: string, value: string, caseInsensitive: boolean): boolean {
  const star = pattern.indexOf('*');
  const p = caseInsensitive ? pattern.toLowerCase() : pattern;
  const v = caseInsensitive ? value.toLowerCase() : value;
  if (star < 0) return p === v;
  const head = p.slice(0, star);
  const tail = p.slice(star + 1);
  return v.length >= head.length + tail.length && v.startsWith(head) && v.endsWith(tail);
}

function ruleFor(rules: CorsRule[], origin: string, method: string, headers: string[]): CorsRule | undefined {
  return rules.find(
    (r) =>
      r.origins.some((o) => wildcard(o, origin, false)) &&
      r.methods.includes(method) &&
      headers.every((h) => r.allowedHeaders.some((a) => wildcard(a, h, true))),
  );
}

function setRuleHeaders(res: ServerResponse, rule: CorsRule, origin: string): void {
  const any = rule.origins.includes('*');
  res.setHeader('access-control-allow-origin', any ? '*' : origin);
  if (!any) res.setHeader('access-control-allow-credentials', 'true');
  res.setHeader('access-control-allow-methods', rule.methods.join(', '));
  if (rule.exposeHeaders.length > 0)
    res.setHeader('access-control-expose-headers', rule.exposeHeaders.join(', '));
  if (rule.maxAgeSeconds !== undefined) res.setHeader('access-control-max-age', String(rule.maxAgeSeconds));
  res.setHeader('vary', 'Origin, Access-Control-Request-Headers, Access-Control-Request-Method');
}

/** The bucket's rules, or undefined when it has no CORS configuration (or does not exist). */
export async function bucketCorsRules(ctx: StoreContext, bucket: string): Promise<CorsRule[] | undefined> {
  if (bucket === '') return undefined;
  try {
    const raw = await ctx.layer.getBucketConfig(bucket, 'cors');
    return raw ? (JSON.parse(raw.toString('utf8')) as CorsRule[]) : undefined;
  } catch (err) {
    if (err instanceof S3Error) return undefined;
    throw err;
  }
}

/**
 * Applies a bucket's CORS rules to a request that carries `Origin`. Returns true when it answered the
 * request (a preflight); throws AccessForbidden for a preflight no rule allows.
 */
export function applyBucketCors(rules: CorsRule[], req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin ?? '';
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    const asked = req.headers['access-control-request-method'];
    if (!origin || asked === undefined) {
      throw new S3Error('BadRequest', 'Insufficient information. Origin request header needed.');
    }
    const headers = String(req.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter((h) => h !== '');
    const rule = ruleFor(rules, origin, String(asked), headers);
    if (!rule) {
      throw new S3Error(
        'AccessForbidden',
        "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
        { Method: String(asked), ResourceType: 'OBJECT' },
      );
    }
    setRuleHeaders(res, rule, origin);
    if (headers.length > 0) res.setHeader('access-control-allow-headers', headers.join(', '));
    res.writeHead(200, { 'content-length': '0' });
    res.end();
    return true;
  }
  const rule = ruleFor(rules, origin, method, []);
  if (rule) setRuleHeaders(res, rule, origin);
  return false;
}

/**
 * The CORS step of a request addressed to a bucket: the bucket's rules when it has a configuration,
 * otherwise `fallback` (the store-wide `cors_allow_origin` policy, as MinIO). True when answered.
 */
export async function answerCors(
  ctx: StoreContext,
  bucket: string,
  req: IncomingMessage,
  res: ServerResponse,
  fallback: () => boolean,
): Promise<boolean> {
  const rules = await bucketCorsRules(ctx, bucket);
  return rules ? applyBucketCors(rules, req, res) : fallback();
}
