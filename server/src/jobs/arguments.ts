import type { CommandArgument } from '@sitefleet/shared';
import { invalid } from '../core/errors.js';
import type { Json, JsonObject } from './types.js';

/**
 * Checks raw arguments against a command's declared arguments: kinds, required ones, choices and bounds.
 * Defaults fill what is missing; unknown names are refused. Errors name the field as `arguments.<name>`.
 */
export function parseArguments(defs: readonly CommandArgument[], raw: JsonObject): JsonObject {
  const errors: Record<string, string> = {};
  const out: JsonObject = {};
  const known = new Set(defs.map((d) => d.name));
  for (const name of Object.keys(raw)) {
    if (!known.has(name)) errors[`arguments.${name}`] = `Unknown argument "${name}"`;
  }
  for (const d of defs) {
    const key = `arguments.${d.name}`;
    let v: Json | undefined = raw[d.name];
    if (v === undefined || v === null || v === '') v = d.default ?? null;
    if (v === null) {
      if (d.required) errors[key] = `${d.label} is required`;
      out[d.name] = null;
      continue;
    }
    switch (d.kind) {
      case 'integer': {
        const n = typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
        if (typeof n !== 'number' || !Number.isInteger(n)) errors[key] = `${d.label} must be a whole number`;
        else if (d.min !== undefined && n < d.min) errors[key] = `${d.label} must be at least ${d.min}`;
        else if (d.max !== undefined && n > d.max) errors[key] = `${d.label} must be at most ${d.max}`;
        else out[d.name] = n;
        break;
      }
      case 'boolean':
        if (typeof v === 'boolean') out[d.name] = v;
        else if (v === 'true' || v === 'false') out[d.name] = v === 'true';
        else errors[key] = `${d.label} must be true or false`;
        break;
      case 'enum':
        if (typeof v === 'string' && d.values?.includes(v)) out[d.name] = v;
        else errors[key] = `${d.label} must be one of ${(d.values ?? []).join(', ')}`;
        break;
      default:
        if (typeof v !== 'string') errors[key] = `${d.label} must be text`;
        else if (d.maxLength !== undefined && v.length > d.maxLength)
          errors[key] = `${d.label} must be at most ${d.maxLength} characters`;
        else if (d.required && !v.trim()) errors[key] = `${d.label} is required`;
        else out[d.name] = v;
    }
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return out;
}
