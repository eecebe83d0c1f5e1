import type { SvgIconComponent } from '@mui/icons-material';
import type { ResourceSpec } from '@sitefleet/shared';
import { lazy, type ComponentType } from 'react';
import type { MenuGroupName } from '../layout/menu';
import type { CanSave } from '../common/record/FormToolbar';
import { canSaveOf } from '../common/screens/derive';
import type { InputsComponent } from '../common/screens/forms';
import { countedNoun } from '../common/list/nouns';
import { registerSpec } from '../providers/writable';

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

/** A screen loaded on first use (code splitting: one chunk per screen); `preload` fetches it ahead. */
export function lazyScreen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M,
): ComponentType & { preload: () => Promise<unknown> } {
  return Object.assign(
    lazy(() => load().then((m) => ({ default: m[name] as ComponentType }))),
    { preload: load },
  );
}

const derived = () => import('../common/screens/DerivedScreens');
const forms = () => import('../common/screens/forms');

/** What a resource adds to its declaration; everything left out is derived from the declaration. */
export interface ScreenOptions {
  icon: SvgIconComponent;
  group: MenuGroupName;
  /** The menu's label, when not the declaration's (one of several declarations alike). */
  label?: string;
  list?: ComponentType;
  show?: ComponentType;
  /** The form's fields, shared by Create and Edit (loaded on first use); default: one input per writable field. */
  inputs?: () => Promise<InputsComponent>;
  canSave?: CanSave;
  createTitle?: string;
  /** A create page of its own, or false for none although the declaration allows creating. */
  create?: ComponentType | false;
  edit?: ComponentType | false;
}

/**
 * A console resource from its shared declaration: name, label, record title, and, unless given, the list
 * (default columns, declared filters), the show page (every returned field), and the Create/Edit pair,
 * offered as the declaration's operations allow.
 */
export function defineScreens(spec: ResourceSpec, opts: ScreenOptions): ResourceDef {
  registerSpec(spec);
  const label = opts.label ?? spec.label;
  const ops = spec.operations ?? {};
  const inputs = opts.inputs ?? (() => derived().then((m): InputsComponent => m.DerivedInputs));
  const canSave = opts.canSave ?? (opts.inputs ? undefined : canSaveOf(spec));
  const createTitle = opts.createTitle ?? `Create ${countedNoun(spec.label, 1).replace(/^1 /, '')}`;
  const create =
    opts.create === false || ops.create === false
      ? undefined
      : (opts.create ??
        lazy(() =>
          Promise.all([inputs(), forms()]).then(([Inputs, m]) => ({
            default: m.createScreen(Inputs, { canSave, createTitle }),
          })),
        ));
  const edit =
    opts.edit === false || ops.update === false
      ? undefined
      : (opts.edit ??
        lazy(() =>
          Promise.all([inputs(), forms()]).then(([Inputs, m]) => ({
            default: m.editScreen(Inputs, { canSave }),
          })),
        ));
  return {
    name: spec.path,
    label,
    icon: opts.icon,
    group: opts.group,
    recordRepresentation: spec.titleField,
    list: opts.list ?? lazyScreen(derived, 'DerivedList'),
    show: opts.show ?? lazyScreen(derived, 'DerivedShow'),
    ...(create ? { create } : {}),
    ...(edit ? { edit } : {}),
  };
}
