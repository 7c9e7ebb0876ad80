import { type ChildProcess } from 'node:child_process';
/** A TCP port free on loopback right now: the kernel picks it, the probe socket lets it go. */
export declare function freePort(): Promise<number>;
/** Fails with the Debian package to install when a daemon's binary is missing. */
export declare function requireBinary(file: string, debianPackage: string): string;
/** The uid/gid a daemon runs as: `nobody` when the tests run as root (PostgreSQL and others refuse root). */
export interface RunAs {
    readonly uid: number;
    readonly gid: number;
}
export declare function unprivileged(): RunAs | undefined;
/**
 * Creates a service's scratch directory, owned by the daemon's user. The controller's scratch root is
 * private to root (mkdtemp), so an unprivileged daemon also needs the right to traverse it.
 */
export declare function makeScratch(dir: string, runAs: RunAs | undefined): void;
/** A daemon in the foreground, its output kept for the error message if it dies or never gets ready. */
export interface Daemon {
    readonly child: ChildProcess;
    output(): string;
    /** Waits until `ready()` resolves true; fails with the daemon's output when it exits first or times out. */
    waitReady(ready: () => Promise<boolean>, timeoutMs?: number): Promise<void>;
    /** Sends `signal` and waits for the exit (SIGKILL after 15 s). */
    stop(signal?: NodeJS.Signals): Promise<void>;
}
export declare function startDaemon(command: string, args: readonly string[], options: {
    runAs?: RunAs;
    env?: NodeJS.ProcessEnv;
    cwd?: string;
}): Daemon;
/** Runs a command to completion (as `runAs` when given); rejects with its output on a non-zero exit. */
export declare function run(command: string, args: readonly string[], options?: {
    runAs?: RunAs;
    env?: NodeJS.ProcessEnv;
    cwd?: string;
}): Promise<string>;
/** True once something accepts TCP connections on 127.0.0.1:port. */
export declare function tcpOpen(port: number): Promise<boolean>;
//# sourceMappingURL=daemon.d.ts.map