import type { StartedService } from '../service.js';
export interface RabbitmqInfo {
    host: string;
    port: number;
    user: string;
    password: string;
    /** `amqp://user:password@host:port` (MinIO's `notify_amqp url`). */
    url: string;
}
/**
 * Debian's RabbitMQ: a node of its own (name, database, logs, Erlang cookie and its own epmd port in
 * the scratch dir) with AMQP on a free port; `guest` may connect from 127.0.0.1. As `nobody` when root.
 */
export declare function start(scratchDir: string): Promise<StartedService>;
//# sourceMappingURL=rabbitmq.d.ts.map