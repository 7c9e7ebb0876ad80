// SPDX-License-Identifier: Apache-2.0
import { S3Error } from '../core/errors.js';
import type { S3Request } from './types.js';

/** The `versionId` query parameter (undefined = latest); an empty value is refused as in S3. */
export function versionParam(req: S3Request): string | undefined {
  const v = req.query.get('versionId');
  if (v === null) return undefined;
  if (v === '') throw new S3Error('InvalidArgument', 'Version id cannot be the empty string');
  return v;
}

export function versionHeader(versionId: string): Record<string, string> {
  return versionId !== 'null' ? { 'x-amz-version-id': versionId } : {};
}
