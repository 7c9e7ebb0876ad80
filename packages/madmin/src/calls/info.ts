// SPDX-License-Identifier: Apache-2.0
// Admin API: server state (PROTOCOL-NOTES §2; madmin-go info-commands.go, user-commands.go).
import type { AdminTransport } from '../transport.js';
import {
  type AccountInfo,
  accountInfoSchema,
  type DataUsageInfo,
  dataUsageInfoSchema,
  type InfoMessage,
  infoMessageSchema,
  type StorageInfo,
  storageInfoSchema,
} from '../types/info.js';

/** `GET /accountinfo[?prefix-usage=true]`: what the caller may see, bucket by bucket. */
export async function accountInfo(
  t: AdminTransport,
  opts: { prefixUsage?: boolean } = {},
  signal?: AbortSignal,
): Promise<AccountInfo> {
  return t.json(accountInfoSchema, {
    method: 'GET',
    path: '/accountinfo',
    query: opts.prefixUsage ? { 'prefix-usage': 'true' } : {},
    signal,
  });
}

/** `GET /info`. */
export async function serverInfo(t: AdminTransport, signal?: AbortSignal): Promise<InfoMessage> {
  return t.json(infoMessageSchema, { method: 'GET', path: '/info', signal });
}

/** `GET /storageinfo`. */
export async function storageInfo(t: AdminTransport, signal?: AbortSignal): Promise<StorageInfo> {
  return t.json(storageInfoSchema, { method: 'GET', path: '/storageinfo', signal });
}

/** `GET /datausageinfo`. */
export async function dataUsageInfo(t: AdminTransport, signal?: AbortSignal): Promise<DataUsageInfo> {
  return t.json(dataUsageInfoSchema, { method: 'GET', path: '/datausageinfo', signal });
}
