/**
 * Starts the named service if this run has not started it yet, and returns its info (URLs, ports,
 * credentials). Runs in any test worker of Vitest or Playwright; the service lives until the run ends.
 */
export declare function testService<T = Record<string, unknown>>(name: string): Promise<T>;
//# sourceMappingURL=index.d.ts.map