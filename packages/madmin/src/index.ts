export * from './sigv4.js';
