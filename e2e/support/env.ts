/** Where the journeys' console and store listen, and the root credentials they start with. */
export const E2E = {
  consolePort: 19090,
  s3Port: 19000,
  consoleUrl: 'http://127.0.0.1:19090',
  s3Host: '127.0.0.1',
  rootUser: 'e2e-admin',
  rootPassword: 'e2e-admin-secret',
} as const;
