export * from './constants.js';
export * from './errors.js';
export * from './api.js';
export * from './fields.js';
export * as resources from './resources/index.js';
export * from './domain-names.js';
export * from './csv.js';
export * from './jobs.js';
export * from './rich-text.js';
