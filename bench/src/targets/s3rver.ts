// SPDX-License-Identifier: Apache-2.0
// Child process: s3rver (npm), the peer the store is compared with.
import S3rver from 's3rver';

const [dataDir] = process.argv.slice(2);
const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dataDir!, silent: true });
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
process.on('SIGTERM', () => void server.close().then(() => process.exit(0)));
