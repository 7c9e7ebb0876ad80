import type { StartedService } from '../service.js';
export interface RedisInfo {
    host: string;
    port: number;
    password: string;
    /** `host:port` (MinIO's `notify_redis address`). */
    address: string;
}
/** Debian's Redis on a free port with a password, no persistence; as `nobody` when root. */
export declare function start(scratchDir: string): Promise<StartedService>;
//# sourceMappingURL=redis.d.ts.map