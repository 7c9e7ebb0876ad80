import type { StartedService } from '../service.js';
/** What a test needs to connect; `url` is a libpq connection string. */
export interface PostgresInfo {
    host: string;
    port: number;
    user: string;
    password: string;
    database: string;
    url: string;
}
/**
 * Debian's PostgreSQL: a cluster of its own (initdb) in the scratch dir, password (SCRAM) auth, listening
 * on 127.0.0.1 only with no Unix socket, one database `stowage`. Runs as `nobody` when the tests run as
 * root, since postgres refuses to run as root.
 */
export declare function start(scratchDir: string): Promise<StartedService>;
//# sourceMappingURL=postgres.d.ts.map