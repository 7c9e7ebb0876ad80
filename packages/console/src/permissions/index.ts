export * from './actions.js';
export * from './evaluate.js';
export * from './pages.js';
