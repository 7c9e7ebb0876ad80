import { spawn } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
/** A TCP port free on loopback right now: the kernel picks it, the probe socket lets it go. */
export function freePort() {
    return new Promise((resolve, reject) => {
        const server = net.createServer();
        server.unref();
        server.once('error', reject);
        server.listen(0, '127.0.0.1', () => {
            const address = server.address();
            server.close(() => {
                if (address && typeof address === 'object')
                    resolve(address.port);
                else
                    reject(new Error('the probe socket has no port'));
            });
        });
    });
}
/** Fails with the Debian package to install when a daemon's binary is missing. */
export function requireBinary(file, debianPackage) {
    if (!existsSync(file)) {
        throw new Error(`${file} is missing: install Debian's ${debianPackage} (scripts/system-deps.sh)`);
    }
    return file;
}
export function unprivileged() {
    if (process.getuid?.() !== 0)
        return undefined;
    const line = readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .find((l) => l.startsWith('nobody:'));
    if (!line)
        throw new Error('running as root, and /etc/passwd has no "nobody" user to run daemons as');
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
}
/**
 * Creates a service's scratch directory, owned by the daemon's user. The controller's scratch root is
 * private to root (mkdtemp), so an unprivileged daemon also needs the right to traverse it.
 */
export function makeScratch(dir, runAs) {
    mkdirSync(dir, { recursive: true });
    if (!runAs)
        return;
    chmodSync(path.dirname(dir), 0o711);
    chownSync(dir, runAs.uid, runAs.gid);
}
export function startDaemon(command, args, options) {
    const child = spawn(command, args, {
        cwd: options.cwd,
        env: { ...process.env, ...options.env },
        stdio: ['ignore', 'pipe', 'pipe'],
        ...(options.runAs ?? {}),
    });
    let log = '';
    const keep = (chunk) => {
        log = (log + chunk.toString()).slice(-8000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const name = path.basename(command);
    return {
        child,
        output: () => log,
        async waitReady(ready, timeoutMs = 60_000) {
            const deadline = Date.now() + timeoutMs;
            while (Date.now() < deadline) {
                if (child.exitCode !== null || child.signalCode !== null) {
                    throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${log}`);
                }
                if (await ready().catch(() => false))
                    return;
                await sleep(100);
            }
            child.kill('SIGKILL');
            throw new Error(`${name} was not ready within ${timeoutMs} ms:\n${log}`);
        },
        async stop(signal = 'SIGTERM') {
            if (child.exitCode !== null || child.signalCode !== null)
                return;
            child.kill(signal);
            const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
            await exited;
            clearTimeout(timer);
        },
    };
}
/** Runs a command to completion (as `runAs` when given); rejects with its output on a non-zero exit. */
export function run(command, args, options = {}) {
    return new Promise((resolve, reject) => {
        const child = spawn(command, args, {
            cwd: options.cwd,
            env: { ...process.env, ...options.env },
            stdio: ['ignore', 'pipe', 'pipe'],
            ...(options.runAs ?? {}),
        });
        let out = '';
        child.stdout.on('data', (c) => {
            out += c.toString();
        });
        child.stderr.on('data', (c) => {
            out += c.toString();
        });
        child.once('error', reject);
        child.once('exit', (code) => code === 0
            ? resolve(out)
            : reject(new Error(`${path.basename(command)} ${args.join(' ')} failed (${code}):\n${out}`)));
    });
}
/** True once something accepts TCP connections on 127.0.0.1:port. */
export function tcpOpen(port) {
    return new Promise((resolve) => {
        const socket = net.connect(port, '127.0.0.1');
        socket.once('connect', () => {
            socket.destroy();
            resolve(true);
        });
        socket.once('error', () => resolve(false));
    });
}
//# sourceMappingURL=daemon.js.map