// SPDX-License-Identifier: Apache-2.0
import type { KeyObject } from 'node:crypto';
import type { Identity } from '../iam/types.js';

/**
 * What SigV4 verification (../auth) resolves a request to: who signed it and how its body is protected.
 * The HTTP edge and the S3 handler use it to verify bodies as they read them.
 */

/** How the request body is protected, decided by `x-amz-content-sha256` (or its absence). */
export type PayloadMode =
  /** The body's SHA-256 was signed: verify it while streaming. */
  | { kind: 'sha256'; hash: string }
  /** `UNSIGNED-PAYLOAD`, presigned URLs and anonymous requests. */
  | { kind: 'unsigned' }
  /** aws-chunked, each chunk signed, chained on the seed signature (optionally signed trailers). */
  | {
      kind: 'streaming-signed';
      seedSignature: string;
      signingKey: Buffer | KeyObject;
      amzDate: string;
      scope: string;
      trailer: boolean;
    }
  /** aws-chunked without chunk signatures, checksums in trailers. */
  | { kind: 'streaming-unsigned-trailer' };

/** A verified request's signer, secret and payload protection. */
export interface AuthResult {
  identity: Identity;
  /** The signing secret ('' when anonymous). */
  secretKey: string;
  payload: PayloadMode;
  via: 'header' | 'presigned' | 'anonymous';
}
