// SPDX-License-Identifier: Apache-2.0
// Wire types of the trace stream (madmin-go trace.go, service-commands.go ServiceTraceOpts).
import { z } from 'zod';
import { healResultItemSchema } from './heal.js';

/** Which kinds of trace to subscribe to; all false means nothing but S3 in practice for MinIO. */
export interface ServiceTraceOpts {
  s3?: boolean;
  internal?: boolean;
  storage?: boolean;
  os?: boolean;
  scanner?: boolean;
  decommission?: boolean;
  healing?: boolean;
  batchReplication?: boolean;
  rebalance?: boolean;
  replicationResync?: boolean;
  bootstrap?: boolean;
  /** Only calls that failed. */
  onlyErrors?: boolean;
  /** Only calls slower than this many milliseconds (sent as a Go duration). */
  thresholdMs?: number;
}

/** Go's http.Header: name → values. */
const headersSchema = z.record(z.string(), z.array(z.string()));

/** The request of a traced HTTP call. */
export const traceRequestInfoSchema = z.object({
  time: z.string(),
  proto: z.string(),
  method: z.string(),
  path: z.string().optional(),
  rawquery: z.string().optional(),
  headers: headersSchema.optional(),
  /** Base64 (Go []byte). */
  body: z.string().optional(),
  client: z.string(),
});
export type TraceRequestInfo = z.infer<typeof traceRequestInfoSchema>;

/** The response of a traced HTTP call. */
export const traceResponseInfoSchema = z.object({
  time: z.string(),
  headers: headersSchema.optional(),
  body: z.string().optional(),
  statuscode: z.number().optional(),
});
export type TraceResponseInfo = z.infer<typeof traceResponseInfoSchema>;

/** Sizes and timings of a traced HTTP call. */
export const traceCallStatsSchema = z.object({
  inputbytes: z.number(),
  outputbytes: z.number(),
  /** Nanoseconds. */
  latency: z.number(),
  /** Nanoseconds. */
  timetofirstbyte: z.number(),
});
export type TraceCallStats = z.infer<typeof traceCallStatsSchema>;

/** A traced HTTP call. */
export const traceHTTPStatsSchema = z.object({
  request: traceRequestInfoSchema,
  response: traceResponseInfoSchema,
  stats: traceCallStatsSchema,
});
export type TraceHTTPStats = z.infer<typeof traceHTTPStatsSchema>;

/**
 * One trace event. `type` is a bit: 1<<0 OS, 1<<1 Storage, 1<<2 S3, 1<<3 Internal, 1<<4 Scanner,
 * 1<<5 Decommission, 1<<6 Healing, 1<<7 BatchReplication, 1<<8 Rebalance, 1<<9 ReplicationResync,
 * 1<<10 Bootstrap. Only `type` is always there; what else an event carries depends on its kind.
 */
export const traceInfoSchema = z.object({
  type: z.number(),
  nodename: z.string().optional(),
  funcname: z.string().optional(),
  time: z.string().optional(),
  path: z.string().optional(),
  /** Nanoseconds. */
  dur: z.number().optional(),
  msg: z.string().optional(),
  error: z.string().optional(),
  http: traceHTTPStatsSchema.optional(),
  healResult: healResultItemSchema.optional(),
});
export type TraceInfo = z.infer<typeof traceInfoSchema>;
