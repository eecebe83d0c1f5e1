export { tags } from './tags.js';
export { users } from './users.js';
export { roles } from './roles.js';
export { permissions } from './permissions.js';
