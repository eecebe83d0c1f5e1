import { permissions } from './permissions';
import { roles } from './roles';
import { tags } from './tags';
import type { ResourceDef } from './types';
import { users } from './users';

/** Every console resource; one line each. The menu and the routes are built from this list. */
export const RESOURCES: ResourceDef[] = [tags, users, roles, permissions];

/** Whether a resource's screens exist in this build (other screens only call APIs that have one). */
export const hasResource = (name: string) => RESOURCES.some((r) => r.name === name);
