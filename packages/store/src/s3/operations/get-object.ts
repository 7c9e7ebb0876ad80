import { readObject } from '../read-object.js';
import type { S3Handler } from '../types.js';

/** S3 API: GetObject. */
export const getObject: S3Handler = (req, ctx) => readObject(req, ctx, false);
