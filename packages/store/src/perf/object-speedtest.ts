// SPDX-License-Identifier: Apache-2.0
/**
 * The object speedtest (MinIO's `speedtest` admin call): PUT objects of one size with a number of
 * concurrent writers for a duration, then GET them back for as long, and report bytes and objects per
 * second with the requests' latencies. With autotune the concurrency grows by half after each step until
 * the GET throughput rises by less than 2.5 % (MinIO's rule); every object written is deleted after its
 * step. Figures are bytes of requests that completed, over the time from the step's start to the last
 * completion (a request still running at the deadline is waited for and counted), so they never
 * overstate what the store did.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SpeedTestResult, SpeedTestStats } from '@stowage/madmin';
import { measureTimings } from './timings.js';

/** Where the test writes: the object layer of the running store, or a fake in unit tests. */
export interface SpeedtestTarget {
  put(key: string, body: Readable, size: number): Promise<void>;
  /** Reads the object whole; `firstByte` is called when its first bytes arrive. Returns the bytes read. */
  get(key: string, firstByte: () => void): Promise<number>;
  remove(key: string): Promise<void>;
}

export interface ObjectSpeedtestOptions {
  size: number;
  concurrency: number;
  durationMs: number;
  autotune: boolean;
  /** Drives of the deployment (the result's `disks`; autotune starts no higher). */
  drives: number;
  /** `host:port` the figures are reported for. */
  endpoint: string;
  version: string;
}

/** Autotune never runs more steps than this (each one takes two durations). */
const MAX_STEPS = 8;
/** Slices of the test data handed to the layer as a stream (no copies). */
const CHUNK = 1 << 20;

interface Phase {
  bytes: number;
  objects: number;
  startNs: bigint;
  lastNs: bigint;
  latencies: number[];
  ttfb: number[];
}

function newPhase(): Phase {
  const now = process.hrtime.bigint();
  return { bytes: 0, objects: 0, startNs: now, lastNs: now, latencies: [], ttfb: [] };
}

function phaseStats(p: Phase, endpoint: string, withTtfb: boolean, live: boolean): SpeedTestStats {
  const end = live ? process.hrtime.bigint() : p.lastNs;
  const secs = Number(end - p.startNs) / 1e9;
  const throughput = secs > 0 ? Math.floor(p.bytes / secs) : 0;
  const objects = secs > 0 ? Math.floor(p.objects / secs) : 0;
  return {
    throughputPerSec: throughput,
    objectsPerSec: objects,
    responseTime: measureTimings(p.latencies),
    ...(withTtfb ? { ttfb: measureTimings(p.ttfb) } : {}),
    servers: [{ endpoint, throughputPerSec: throughput, objectsPerSec: objects, err: '' }],
  };
}

/** Figures of a phase that has not run (Go's zero value of madmin's SpeedTestStats). */
export function zeroStats(): SpeedTestStats {
  return { throughputPerSec: 0, objectsPerSec: 0, responseTime: measureTimings([]), servers: null };
}

/** One speedtest: `run` yields each step's result; `snapshot` tells the figures of the step running. */
export class ObjectSpeedtest {
  readonly #target: SpeedtestTarget;
  readonly #opts: ObjectSpeedtestOptions;
  readonly #data: Buffer;
  readonly #runId = randomUUID();
  #concurrency = 0;
  #put: Phase | null = null;
  #get: Phase | null = null;

  constructor(target: SpeedtestTarget, opts: ObjectSpeedtestOptions) {
    this.#target = target;
    this.#opts = opts;
    this.#data = randomBytes(opts.size);
  }

  /** Live figures of the step running (null before it starts). */
  snapshot(): SpeedTestResult | null {
    if (!this.#put) return null;
    const endpoint = this.#opts.endpoint;
    return this.#result(
      phaseStats(this.#put, endpoint, false, this.#get === null),
      this.#get ? phaseStats(this.#get, endpoint, true, true) : zeroStats(),
    );
  }

  /** The steps' results, then (with autotune) the best step's again as the last value. */
  async *run(signal: AbortSignal): AsyncGenerator<SpeedTestResult, void, undefined> {
    let concurrency = this.#opts.concurrency;
    if (this.#opts.autotune) concurrency = Math.max(4, Math.min(concurrency, this.#opts.drives));
    let best: SpeedTestResult | null = null;
    for (let step = 0; step < MAX_STEPS && !signal.aborted; step++) {
      const result = await this.#step(step, concurrency, signal);
      if (signal.aborted) return;
      const gets = result.GETStats.throughputPerSec;
      const bestGets = best?.GETStats.throughputPerSec ?? 0;
      if (best !== null && gets < bestGets) {
        // Throughput fell: the step before was the best this deployment does.
        yield best;
        return;
      }
      const rising = gets > 0 && (gets - bestGets) / gets >= 0.025;
      best = result;
      yield result;
      if (!this.#opts.autotune || !rising) return;
      concurrency += Math.floor((concurrency + 1) / 2);
    }
    if (best) yield best;
  }

  #result(put: SpeedTestStats, get: SpeedTestStats): SpeedTestResult {
    return {
      version: this.#opts.version,
      servers: 1,
      disks: this.#opts.drives,
      size: this.#opts.size,
      concurrent: this.#concurrency,
      PUTStats: put,
      GETStats: get,
    };
  }

  #body(): Readable {
    const data = this.#data;
    return Readable.from(
      (function* chunks() {
        for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK);
      })(),
      { objectMode: false },
    );
  }

  async #step(step: number, concurrency: number, signal: AbortSignal): Promise<SpeedTestResult> {
    this.#concurrency = concurrency;
    const keys: string[] = [];
    const size = this.#opts.size;
    const put = newPhase();
    this.#put = put;
    this.#get = null;
    try {
      let deadline = Date.now() + this.#opts.durationMs;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, worker) => {
          for (let n = 0; Date.now() < deadline && !signal.aborted; n++) {
            const key = `speedtest/${this.#runId}/${step}/${worker}.${n}`;
            const t0 = process.hrtime.bigint();
            await this.#target.put(key, this.#body(), size);
            const t1 = process.hrtime.bigint();
            keys.push(key);
            put.latencies.push(Number(t1 - t0));
            put.bytes += size;
            put.objects++;
            put.lastNs = t1;
          }
        }),
      );
      const get = newPhase();
      this.#get = get;
      deadline = Date.now() + this.#opts.durationMs;
      if (keys.length > 0) {
        await Promise.all(
          Array.from({ length: concurrency }, async (_, worker) => {
            for (let n = worker; Date.now() < deadline && !signal.aborted; n += concurrency) {
              const key = keys[n % keys.length] as string;
              const t0 = process.hrtime.bigint();
              let first = 0n;
              const bytes = await this.#target.get(key, () => {
                first = process.hrtime.bigint();
              });
              const t1 = process.hrtime.bigint();
              get.latencies.push(Number(t1 - t0));
              get.ttfb.push(Number((first || t1) - t0));
              get.bytes += bytes;
              get.objects++;
              get.lastNs = t1;
            }
          }),
        );
      }
      const endpoint = this.#opts.endpoint;
      const result = this.#result(
        phaseStats(put, endpoint, false, false),
        phaseStats(get, endpoint, true, false),
      );
      for (const stats of [result.PUTStats, result.GETStats]) {
        const server = stats.servers?.[0];
        if (server && stats.throughputPerSec === 0) {
          server.err = `no results for ${stats === result.PUTStats ? 'uploads' : 'downloads'} at concurrency ${concurrency} and duration ${this.#opts.durationMs / 1000}s`;
        }
      }
      return result;
    } finally {
      this.#put = null;
      this.#get = null;
      for (const key of keys) await this.#target.remove(key).catch(() => {});
    }
  }
}
