// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerDeleteObject } from './delete-object.js';
import { registerDeleteObjectsRoute } from './delete-objects.js';
import { registerDownloadObject } from './download-object.js';
import { registerListObjects } from './list-objects.js';
import { registerObjectLegalHold } from './object-legal-hold.js';
import { registerObjectRetention } from './object-retention.js';
import { registerObjectTags } from './object-tags.js';
import { registerRewind } from './rewind.js';
import { registerShareObject } from './share-object.js';
import { registerUploadObjects } from './upload-objects.js';

/** Object browser routes of issue 7 (spec 1 §7 "Objects"), one module per route. */
export function registerObjectRoutes(app: ZodApp, ctx: RouteContext): void {
  // Listing, rewind, delete and upload (part A).
  registerListObjects(app, ctx);
  registerRewind(app, ctx);
  registerDeleteObject(app, ctx);
  registerDeleteObjectsRoute(app, ctx);
  registerUploadObjects(app, ctx);
  // Share, download (incl. zip and preview), retention, legal hold and tags (part B).
  registerShareObject(app, ctx);
  registerDownloadObject(app, ctx);
  registerObjectRetention(app, ctx);
  registerObjectLegalHold(app, ctx);
  registerObjectTags(app, ctx);
}
