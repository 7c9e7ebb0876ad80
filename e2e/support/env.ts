// SPDX-License-Identifier: Apache-2.0
/**
 * Where the journeys' console and store listen, and the root credentials they start with. Ports can be
 * moved with E2E_CONSOLE_PORT / E2E_S3_PORT so that two runs on one machine do not collide.
 */
const consolePort = Number(process.env.E2E_CONSOLE_PORT ?? 19090);
const s3Port = Number(process.env.E2E_S3_PORT ?? 19000);

export const E2E = {
  consolePort,
  s3Port,
  consoleUrl: `http://127.0.0.1:${consolePort}`,
  s3Endpoint: `http://127.0.0.1:${s3Port}`,
  s3Host: '127.0.0.1',
  rootUser: 'e2e-admin',
  rootPassword: 'e2e-admin-secret',
} as const;
