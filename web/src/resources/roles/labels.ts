export const CREATE_ROLE = 'Create new role';
