import { readObject } from '../read-object.js';
import type { S3Handler } from '../types.js';

/** S3 API: HeadObject. */
export const headObject: S3Handler = (req, ctx) => readObject(req, ctx, true);
