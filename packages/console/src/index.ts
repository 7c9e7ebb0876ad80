export { buildApp } from './app.js';
export type { AppOptions } from './app-options.js';
