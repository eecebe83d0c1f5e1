/** Every declared custom route, by service. */
export * as dms from './dms.js';
export * as ums from './ums.js';
