// SPDX-License-Identifier: Apache-2.0
import type { AdminOperation } from '../call.js';

/**
 * Admin API: SetConfig — `PUT /config` **E** text (`mc admin config import`): replaces the whole
 * configuration. Every line is checked before anything is kept (all or nothing); comment lines,
 * environment lines included, are skipped.
 */
export const setConfig: AdminOperation = async (call) => {
  const text = (await call.decrypted()).toString('utf8');
  await call.ctx.config.import(text);
  return call.ok();
};
