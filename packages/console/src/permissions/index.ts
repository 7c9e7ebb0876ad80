export * from './actions.js';
export * from './evaluate.js';
export * from './pages.js';
export * from './policy-document.js';
export * from './wildcard.js';
