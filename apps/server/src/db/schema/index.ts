export * from './catalog.js';
export * from './organization.js';
