// SPDX-License-Identifier: Apache-2.0
import { setTimeout as sleep } from 'node:timers/promises';
import { type HealProgress, type HealthColours, healQuerySchema, wsPaths } from '@stowage/contracts';
import type { HealResultItem, MadminClient } from '@stowage/madmin';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { RouteContext, ZodApp } from '../route-context.js';
import { relayToSocket } from './relay.js';

/** How often the heal's status is polled. */
const POLL_MS = 1000;

type Colour = keyof HealthColours;

/**
 * An item's health colour from how many of its drives are good (mc's rule): every shard there is green;
 * fewer than data shards, unreadable, grey; otherwise yellow while at most half the parity is lost and red
 * beyond that.
 */
export function healthColour(okDrives: number, dataBlocks: number, parityBlocks: number): Colour {
  const surplus = okDrives - dataBlocks;
  if (surplus >= parityBlocks) return 'green';
  if (surplus < 0) return 'grey';
  return surplus * 2 >= parityBlocks ? 'yellow' : 'red';
}

const okCount = (drives: { state: string }[] | null): number =>
  (drives ?? []).filter((d) => d.state === 'ok').length;

/** Heal progress summed over the items seen so far. */
export class HealTally {
  private readonly before: HealthColours = { green: 0, yellow: 0, red: 0, grey: 0 };
  private readonly after: HealthColours = { green: 0, yellow: 0, red: 0, grey: 0 };
  private items = 0;
  private objects = 0;
  private healed = 0;
  private bytes = 0;

  add(item: HealResultItem): void {
    this.items++;
    const drives = item.diskCount || item.before.drives?.length || 0;
    const parity = item.parityBlocks ?? Math.floor(drives / 2);
    const data = item.dataBlocks ?? drives - parity;
    const b = okCount(item.before.drives);
    const a = okCount(item.after.drives);
    this.before[healthColour(b, data, parity)]++;
    this.after[healthColour(a, data, parity)]++;
    if (item.type === 'object') {
      this.objects++;
      this.bytes += item.objectSize;
      if (a > b) this.healed++;
    }
  }

  progress(summary: string, started: number): HealProgress {
    return {
      summary,
      healthBeforeCols: { ...this.before },
      healthAfterCols: { ...this.after },
      itemsScanned: this.items,
      objectsScanned: this.objects,
      objectsHealed: this.healed,
      healDuration: Math.max(0, (Date.now() - started) / 1000),
      bytesScanned: this.bytes,
    };
  }
}

type Query = z.output<typeof healQuerySchema>;

/** Starts (or force-stops) the heal and yields its progress after each poll until it is no longer running. */
export async function* healProgress(
  admin: MadminClient,
  bucket: string,
  q: Query,
  signal: AbortSignal,
): AsyncGenerator<HealProgress> {
  const prefix = q.prefix;
  const target = { bucket, ...(prefix ? { prefix } : {}) };
  const started = await admin.healStart({
    ...target,
    opts: {
      recursive: q.recursive === 'true',
      dryRun: q['dry-run'] === 'true',
      remove: q.remove === 'true',
      scanMode: q['deep-scan'] === 'true' ? 2 : 1,
    },
    forceStart: q['force-start'] === 'true',
    forceStop: q['force-stop'] === 'true',
  });
  const tally = new HealTally();
  const since = Date.parse(started.startTime) || Date.now();
  if (q['force-stop'] === 'true') {
    yield tally.progress('stopped', since);
    return;
  }
  for (;;) {
    const status = await admin.healStatus({ ...target, clientToken: started.clientToken });
    for (const item of status.items ?? []) tally.add(item);
    yield tally.progress(status.summary, since);
    if (status.summary !== 'running') {
      if (status.summary === 'stopped' && status.detail) throw new Error(status.detail);
      return;
    }
    await sleep(POLL_MS, undefined, { signal });
  }
}

const paramsSchema = z.object({ bucket: z.string().min(1) });

/**
 * `GET /ws/heal/{bucket}` (spec 3 §7): starts a heal of the bucket (prefix, recursive, dry run, deep
 * scan, remove dangling, force start or stop) with the user's own credentials (admin:Heal) and sends its
 * progress — before/after colour counts and counters — once a second; the socket closes with 1000 when
 * the heal finished, with 1011 and the reason when the server refused or stopped it. `GET /ws/heal`
 * (issue 38) is the same for every bucket at once: MinIO's heal without a bucket.
 */
export function registerHeal(app: ZodApp, _ctx: RouteContext): void {
  const relay = (socket: WebSocket, request: FastifyRequest, bucket: string, query: Query): void =>
    relayToSocket(
      socket,
      (signal) => healProgress(request.session.admin, bucket, query, signal),
      (p) => p,
      query['force-stop'] === 'true' ? 'The heal was stopped.' : 'The heal finished.',
    );
  app.get(
    wsPaths.heal,
    { websocket: true, schema: { hide: true, params: paramsSchema, querystring: healQuerySchema } },
    (socket, request) => relay(socket, request, request.params.bucket, request.query),
  );
  app.get(
    wsPaths.healAll,
    { websocket: true, schema: { hide: true, querystring: healQuerySchema } },
    (socket, request) => relay(socket, request, '', request.query),
  );
}
