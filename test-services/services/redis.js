import { freePort, makeScratch, requireBinary, startDaemon, tcpOpen, unprivileged } from '../daemon.js';
/** Debian's Redis on a free port with a password, no persistence; as `nobody` when root. */
export async function start(scratchDir) {
    const bin = requireBinary('/usr/bin/redis-server', 'redis-server');
    const runAs = unprivileged();
    makeScratch(scratchDir, runAs);
    const port = await freePort();
    const password = 'stowage-test-password';
    const daemon = startDaemon(bin, [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        scratchDir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--requirepass',
        password,
    ], { runAs, cwd: scratchDir });
    await daemon.waitReady(() => tcpOpen(port));
    return {
        info: { host: '127.0.0.1', port, password, address: `127.0.0.1:${port}` },
        stop: () => daemon.stop('SIGTERM'),
    };
}
//# sourceMappingURL=redis.js.map