// SPDX-License-Identifier: Apache-2.0
export * from './actions.js';
export * from './evaluate.js';
export * from './pages.js';
