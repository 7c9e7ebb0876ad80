// Wire types of the trace stream (madmin-go trace.go, service-commands.go ServiceTraceOpts).

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

export interface TraceRequestInfo {
  time: string;
  proto: string;
  method: string;
  path?: string;
  rawquery?: string;
  headers?: Record<string, string[]>;
  /** Base64 (Go []byte). */
  body?: string;
  client: string;
}

export interface TraceResponseInfo {
  time: string;
  headers?: Record<string, string[]>;
  body?: string;
  statuscode?: number;
}

export interface TraceCallStats {
  inputbytes: number;
  outputbytes: number;
  /** Nanoseconds. */
  latency: number;
  /** Nanoseconds. */
  timetofirstbyte: number;
}

export interface TraceHTTPStats {
  request: TraceRequestInfo;
  response: TraceResponseInfo;
  stats: TraceCallStats;
}

/**
 * One trace event. `type` is a bit: 1<<0 OS, 1<<1 Storage, 1<<2 S3, 1<<3 Internal, 1<<4 Scanner,
 * 1<<5 Decommission, 1<<6 Healing, 1<<7 BatchReplication, 1<<8 Rebalance, 1<<9 ReplicationResync,
 * 1<<10 Bootstrap.
 */
export interface TraceInfo {
  type: number;
  nodename: string;
  funcname: string;
  time: string;
  path: string;
  /** Nanoseconds. */
  dur: number;
  msg?: string;
  error?: string;
  http?: TraceHTTPStats;
  healResult?: unknown;
}
