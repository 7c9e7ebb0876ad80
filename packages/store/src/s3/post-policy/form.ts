// SPDX-License-Identifier: Apache-2.0
import { type Readable, Transform, type TransformCallback } from 'node:stream';
import busboy from 'busboy';
import { S3Error } from '../../core/errors.js';
import type { S3Request } from '../types.js';

/**
 * Reads a browser POST upload's multipart/form-data body up to its `file` part: the fields before it
 * (names lower-cased; later fields are ignored, as S3 does) and the file's stream.
 */
export interface PostForm {
  fields: Map<string, string>;
  file: Readable;
  filename: string;
  fileContentType: string;
}

const MAX_FIELDS = 100;
const MAX_FIELD_BYTES = 64 * 1024;

export function readPostForm(req: S3Request): Promise<PostForm> {
  const contentType = String(req.headers['content-type'] ?? '');
  if (!/^multipart\/form-data/i.test(contentType)) {
    throw new S3Error('PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
      Condition: 'Bucket POST must be of the enclosure-type multipart/form-data',
    });
  }
  const { stream } = req.body();
  return new Promise((resolve, reject) => {
    const fields = new Map<string, string>();
    let done = false;
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { fields: MAX_FIELDS, fieldSize: MAX_FIELD_BYTES, files: 1, parts: MAX_FIELDS + 1 },
      });
    } catch {
      reject(new S3Error('MalformedPOSTRequest'));
      return;
    }
    bb.on('field', (name, value, info) => {
      if (done) return;
      if (info.valueTruncated) {
        done = true;
        reject(new S3Error('MaxPostPreDataLengthExceededError'));
        return;
      }
      fields.set(name.toLowerCase(), value);
    });
    bb.on('file', (name, file, info) => {
      if (done) {
        file.resume();
        return;
      }
      done = true;
      if (name.toLowerCase() !== 'file') {
        file.resume();
        reject(new S3Error('InvalidArgument', "POST requires the file in a field named 'file'."));
        return;
      }
      resolve({ fields, file, filename: info.filename ?? '', fileContentType: info.mimeType });
    });
    bb.on('error', (err) => {
      if (!done) {
        done = true;
        reject(
          new S3Error(
            'MalformedPOSTRequest',
            `The body of your POST request is not well-formed multipart/form-data: ${(err as Error).message}`,
          ),
        );
      }
    });
    bb.on('close', () => {
      if (!done) {
        done = true;
        reject(
          new S3Error('InvalidArgument', 'POST requires exactly one file upload per request.', {
            ArgumentName: 'file',
            ArgumentValue: '0',
          }),
        );
      }
    });
    stream.on('error', (err) => bb.destroy(err));
    stream.pipe(bb);
  });
}

/**
 * Counts the file's bytes: EntityTooLarge as soon as they pass the policy's content-length-range
 * maximum, EntityTooSmall at the end below its minimum (before the stream ends: nothing is stored).
 */
export class LengthRange extends Transform {
  private seen = 0;
  constructor(private readonly range: { min: number; max: number }) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.range.max) {
      cb(
        new S3Error('EntityTooLarge', undefined, {
          ProposedSize: String(this.seen),
          MaxSizeAllowed: String(this.range.max),
        }),
      );
      return;
    }
    cb(null, chunk);
  }
  override _flush(cb: TransformCallback): void {
    if (this.seen < this.range.min) {
      cb(
        new S3Error('EntityTooSmall', undefined, {
          ProposedSize: String(this.seen),
          MinSizeAllowed: String(this.range.min),
        }),
      );
      return;
    }
    cb();
  }
}
