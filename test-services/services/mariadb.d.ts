import type { StartedService } from '../service.js';
/** What a test needs to connect; `dsn` is Go's MySQL DSN (MinIO's `notify_mysql dsn_string`). */
export interface MariadbInfo {
    host: string;
    port: number;
    user: string;
    password: string;
    database: string;
    dsn: string;
}
/**
 * Debian's MariaDB: a data dir of its own (mariadb-install-db) in the scratch dir, TCP on 127.0.0.1
 * only, a user `stowage` with a password owning database `stowage`. Runs as `nobody` when root.
 */
export declare function start(scratchDir: string): Promise<StartedService>;
//# sourceMappingURL=mariadb.d.ts.map