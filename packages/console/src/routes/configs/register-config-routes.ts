// SPDX-License-Identifier: Apache-2.0
import type { RouteContext, ZodApp } from '../route-context.js';
import { registerCheckConfig } from './check-config.js';
import { registerExportConfig } from './export-config.js';
import { registerGetConfig } from './get-config.js';
import { registerImportConfig } from './import-config.js';
import { registerListConfigHistory } from './list-config-history.js';
import { registerListConfigs } from './list-configs.js';
import { registerResetConfig } from './reset-config.js';
import { registerRestoreConfigHistory } from './restore-config-history.js';
import { registerSetConfig } from './set-config.js';

/** The configuration calls of the Settings screen (issue 15, spec 2 "Settings"), in the signed-in scope. */
export function registerConfigRoutes(app: ZodApp, ctx: RouteContext): void {
  registerListConfigs(app, ctx);
  registerExportConfig(app, ctx);
  registerImportConfig(app, ctx);
  registerListConfigHistory(app, ctx);
  registerRestoreConfigHistory(app, ctx);
  registerGetConfig(app, ctx);
  registerSetConfig(app, ctx);
  registerResetConfig(app, ctx);
  registerCheckConfig(app, ctx);
}
