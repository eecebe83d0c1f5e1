import { filtersOf, resources, stripDomainInput, type ResourceSpec } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import type { FilterDef } from '../list/filters/types';
import { screenFilters } from './filters';

const SPECS: ResourceSpec[] = Object.values(resources).flatMap((e) =>
  typeof (e as ResourceSpec).path === 'string'
    ? [e as ResourceSpec]
    : Object.values(e as Record<string, ResourceSpec>),
);

describe('screen filters drawn from the shared declaration', () => {
  it('refuses a filter the declaration does not offer', () => {
    expect(() => screenFilters(resources.tags, ['colour'])).toThrow('tags declares no filter "colour"');
  });

  it('gives a reference filter the referenced path and naming field, and keeps custom filters', () => {
    const [name, registrar] = screenFilters(resources.domains, [
      ['name', { quick: true, clean: stripDomainInput }],
      'registrar_id',
    ]);
    expect(name).toMatchObject({ source: 'name', kind: 'custom', value: 'text', quick: true });
    expect(registrar).toEqual({
      source: 'registrar_id',
      label: 'Registrar',
      kind: 'eq',
      value: 'reference',
      reference: resources.registrars.path,
      optionText: 'registrar',
    });
  });

  it('every filter a screen offers is one its declaration lists, with the same kind and value', async () => {
    const modules = import.meta.glob<Record<string, unknown>>('../../resources/*/filters.ts', {
      eager: true,
    });
    const offered = Object.values(modules).flatMap((m) =>
      Object.values(m).filter((v): v is FilterDef[] => Array.isArray(v) && typeof v[0]?.kind === 'string'),
    );
    expect(offered.length).toBeGreaterThan(15);
    const declared = new Set(
      SPECS.flatMap((s) => filtersOf(s).map((f) => `${f.source}:${f.kind}:${f.value}`)),
    );
    const strays = offered.flat().filter((d) => !declared.has(`${d.source}:${d.kind}:${d.value}`));
    expect(strays).toEqual([]);
  });
});
