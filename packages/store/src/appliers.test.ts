// SPDX-License-Identifier: Apache-2.0
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { subscribeAppliers } from './appliers.js';
import { SCANNER_SPEED_PACING } from './background/pacing.js';
import { type BackgroundServices, startBackgroundServices } from './background/services.js';
import { startStaleUploadCleanup } from './background/stale-uploads.js';
import { ALL_SETS, StoreConfigService } from './config/index.js';
import { createObjectEventBus } from './events/object-events.js';
import { RequestAdmission } from './http/admission.js';
import { CorsPolicy } from './http/cors.js';
import { openIam } from './iam/index.js';
import { StoreLog } from './log/store-log.js';
import { openObjectLayer } from './object-layer/index.js';

// The appliers of the api, scanner and heal sets on the real config service and real components: a
// saved value reaches the component at once (what the scanner's pacing is cannot be seen from outside).
let dir: string;
let layer: Awaited<ReturnType<typeof openObjectLayer>>;
let background: BackgroundServices;
let iam: Awaited<ReturnType<typeof openIam>>;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'stowage-appliers-'));
  layer = await openObjectLayer({ dataDir: dir, drives: 4, fsync: false, healthIntervalMs: 0 });
  iam = await openIam(layer.system, { accessKey: 'appliers-root', secretKey: 'appliers-secret-1' });
  background = startBackgroundServices({ layer, iam, events: createObjectEventBus() });
});

afterEach(async () => {
  await background.stop();
  await layer.close();
  await rm(dir, { recursive: true, force: true });
});

describe('config appliers', () => {
  it('apply the scanner speed, the admission limit and the CORS origins when saved', async () => {
    const log = new StoreLog();
    const config = await StoreConfigService.open({ system: layer.system, log, sets: ALL_SETS });
    const edge = { admission: new RequestAdmission(), cors: new CorsPolicy() };
    const staleUploads = startStaleUploadCleanup(layer);
    const off = subscribeAppliers({ config, edge, background, layer, staleUploads, iam, log });
    try {
      await config.settled();
      expect(background.scanner.pacing).toEqual(SCANNER_SPEED_PACING.default);
      await config.set('scanner speed=slowest');
      await config.settled();
      expect(background.scanner.pacing).toEqual(SCANNER_SPEED_PACING.slowest);

      await config.set('api requests_max=1 requests_deadline=1h cors_allow_origin=https://only.example');
      await config.settled();
      expect(edge.cors.allows('https://only.example')).toBe(true);
      expect(edge.cors.allows('https://other.example')).toBe(false);
      const first = await edge.admission.acquire();
      const second = edge.admission.acquire();
      expect(edge.admission.waiting).toBe(1);
      first();
      (await second)();
      expect(edge.admission.active).toBe(0);
    } finally {
      off();
      staleUploads();
    }
  });
});
