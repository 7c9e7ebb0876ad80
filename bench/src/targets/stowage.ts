// Child process: the embedded store on temp drives, as `npm start` runs it (4 drives, erasure coded).
import { startStore } from '@stowage/store';

const [dataDir, drives] = process.argv.slice(2);
const store = await startStore({
  dataDir: dataDir!,
  drives: Number(drives ?? 4),
  port: 0,
  host: '127.0.0.1',
  rootUser: 'benchadmin',
  rootPassword: 'benchadmin-secret',
});
process.stdout.write(`${JSON.stringify({ url: store.url })}\n`);
process.on('SIGTERM', () => void store.close().then(() => process.exit(0)));
