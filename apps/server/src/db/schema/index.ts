export * from './catalog.js';
export * from './devices.js';
export * from './orders.js';
export * from './organization.js';
export * from './readings.js';
