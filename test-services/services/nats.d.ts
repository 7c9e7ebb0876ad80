import type { StartedService } from '../service.js';
export interface NatsInfo {
    host: string;
    port: number;
    user: string;
    password: string;
    /** `host:port` (MinIO's `notify_nats address`). */
    address: string;
}
/** Debian's NATS server on a free port with a user and password; as `nobody` when root. */
export declare function start(scratchDir: string): Promise<StartedService>;
//# sourceMappingURL=nats.d.ts.map