import { createServer } from 'node:http';
/**
 * The controller's own check: an HTTP server answering every request with its path. Shows the shape of
 * a starter (free port, info, stop) and lets the controller's test observe start-once and stop.
 */
export async function start() {
    const server = createServer((req, res) => res.end(req.url));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    return {
        info: { url: `http://127.0.0.1:${port}` },
        stop: () => new Promise((resolve) => server.close(() => resolve())),
    };
}
//# sourceMappingURL=echo.js.map