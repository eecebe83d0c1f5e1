import type { SvgIconComponent } from '@mui/icons-material';
import { lazy, type ComponentType } from 'react';
import type { MenuGroupName } from '../layout/menu';

/** One console resource: its react-admin screens and where it sits in the menu. */
export interface ResourceDef {
  /** The API path, also the react-admin resource name and hash route: `dms/api/v1/tags`. */
  name: string;
  label: string;
  icon: SvgIconComponent;
  group: MenuGroupName;
  recordRepresentation?: string;
  list?: ComponentType;
  show?: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
}

/** A screen loaded on first use (code splitting: one chunk per screen). */
export function lazyScreen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
): ComponentType {
  return lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
}
