// SPDX-License-Identifier: Apache-2.0
// Child process: the physical ceiling — loopback HTTP that writes the body to a file (fsync, rename: as
// durable as the store's commit) and streams files back, with no S3 logic at all.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rename, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const [dataDir] = process.argv.slice(2);
await mkdir(dataDir!, { recursive: true });
const fileOf = (url: string): string => path.join(dataDir!, encodeURIComponent(url.split('?')[0]!));

const server = http.createServer((req, res) => {
  const file = fileOf(req.url ?? '/');
  const done = (status: number): void => {
    res.writeHead(status, { 'content-length': 0 }).end();
  };
  if (req.method === 'PUT') {
    const tmp = `${file}.tmp`;
    pipeline(req, createWriteStream(tmp))
      .then(async () => {
        const fh = await open(tmp, 'r+');
        await fh.sync();
        await fh.close();
        await rename(tmp, file);
        done(200);
      })
      .catch(() => done(500));
  } else if (req.method === 'GET') {
    stat(file)
      .then((st) => {
        res.writeHead(200, { 'content-length': st.size });
        return pipeline(createReadStream(file, { highWaterMark: 1 << 20 }), res);
      })
      .catch(() => done(404));
  } else {
    done(405);
  }
});
server.listen(0, '127.0.0.1', () => {
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
