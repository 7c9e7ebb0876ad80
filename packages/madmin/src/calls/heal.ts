// SPDX-License-Identifier: Apache-2.0
// Admin API: healing (PROTOCOL-NOTES §2, §7; madmin-go heal-commands.go).
import { MadminError } from '../errors.js';
import { JsonStreamParser } from '../json-stream.js';
import type { AdminTransport } from '../transport.js';
import {
  type BgHealState,
  bgHealStateSchema,
  type HealOpts,
  type HealRequest,
  type HealStartSuccess,
  type HealTaskStatus,
  healStartSuccessSchema,
  healTaskStatusSchema,
} from '../types/heal.js';
import { parseAnswer, type WireSchema, type WireType } from '../validate.js';

/** Every key madmin-go sends, so a partial `opts` still puts the same JSON on the wire. */
const DEFAULT_OPTS: Required<HealOpts> = {
  recursive: false,
  dryRun: false,
  remove: false,
  recreate: false,
  scanMode: 1,
  nolock: false,
};

/**
 * The heal answer is one JSON value, possibly after keep-alive spaces; MinIO may also send 200
 * followed by an error JSON, which becomes a MadminError here.
 */
function lastValue(raw: Uint8Array): object {
  const parser = new JsonStreamParser();
  const values = [...parser.push(raw), ...parser.end()];
  const value = values.at(-1);
  if (!value || typeof value !== 'object') {
    throw new MadminError({ code: 'XMinioAdminBadResponse', message: 'empty heal answer', status: 200 });
  }
  if ('Code' in value && 'Message' in value) {
    const { Code, Message } = value;
    if (typeof Code === 'string' && typeof Message === 'string') {
      throw new MadminError({ code: Code, message: Message, status: 200 });
    }
  }
  return value;
}

/** One heal request, its answer checked against `schema`. */
async function heal<S extends WireSchema>(
  t: AdminTransport,
  schema: S,
  req: HealRequest,
): Promise<WireType<S>> {
  if (req.forceStart && req.forceStop) throw new TypeError('forceStart and forceStop cannot both be set');
  if (req.prefix && !req.bucket) throw new TypeError('a prefix needs a bucket');
  let path = `/heal/${req.bucket ?? ''}`;
  if (req.bucket && req.prefix) path += `/${req.prefix}`;
  const query: Record<string, string> = {};
  if (req.clientToken) query.clientToken = req.clientToken;
  if (req.forceStart) query.forceStart = 'true';
  else if (req.forceStop) query.forceStop = 'true';
  const body = req.clientToken ? '' : JSON.stringify({ ...DEFAULT_OPTS, ...req.opts });
  return parseAnswer(schema, lastValue(await t.bytes({ method: 'POST', path, query, body })), path);
}

/** Starts a heal sequence on everything, a bucket, or a prefix: `POST /heal/[bucket[/prefix]]`. */
export async function healStart(
  t: AdminTransport,
  req: Omit<HealRequest, 'clientToken'> = {},
): Promise<HealStartSuccess> {
  return heal(t, healStartSuccessSchema, { ...req, clientToken: undefined });
}

/** Polls a running heal sequence: `POST /heal/[bucket[/prefix]]?clientToken=` with an empty body. */
export async function healStatus(
  t: AdminTransport,
  req: { bucket?: string; prefix?: string; clientToken: string },
): Promise<HealTaskStatus> {
  if (!req.clientToken) throw new TypeError('clientToken is required');
  return heal(t, healTaskStatusSchema, req);
}

/** `POST /background-heal/status`. */
export async function backgroundHealStatus(t: AdminTransport): Promise<BgHealState> {
  const path = '/background-heal/status';
  return parseAnswer(bgHealStateSchema, lastValue(await t.bytes({ method: 'POST', path })), path);
}
