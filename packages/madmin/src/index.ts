export * from './crypto.js';
export * from './sigv4.js';
