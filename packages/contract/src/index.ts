export * from './auth.js';
export * from './common.js';
export * from './enums.js';
export * from './locations.js';
