// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerAbortMultipartUpload } from './abort-multipart-upload.js';
import { registerCompleteMultipartUpload } from './complete-multipart-upload.js';
import { registerCreateMultipartUpload } from './create-multipart-upload.js';
import { registerListUploadParts } from './list-upload-parts.js';
import { registerUploadPart } from './upload-part.js';

/** Uploads the browser can resume (issue 35): S3 multipart step by step, one module per route. */
export function registerUploadRoutes(app: ZodApp, ctx: RouteContext): void {
  registerCreateMultipartUpload(app, ctx);
  registerUploadPart(app, ctx);
  registerListUploadParts(app, ctx);
  registerCompleteMultipartUpload(app, ctx);
  registerAbortMultipartUpload(app, ctx);
}
