import type { StartedService } from '../service.js';
export interface MosquittoInfo {
    host: string;
    port: number;
    /** `tcp://host:port` (MinIO's `notify_mqtt broker`). */
    broker: string;
}
/** Debian's Mosquitto MQTT broker on a free port (anonymous clients, no persistence); as `nobody` when root. */
export declare function start(scratchDir: string): Promise<StartedService>;
//# sourceMappingURL=mosquitto.d.ts.map