import { resources, stripDomainInput, toAsciiDomain, toUnicodeDomain } from '@sitefleet/shared';
import { invalid } from '../../core/errors.js';
import { defineServerResource } from '../../core/resource.js';
import { likeEscape } from '../../core/sql.js';
import { registerDomainActions } from './domain-actions.js';

/** Name search: scheme, slashes and www are stripped, and both the ASCII and Unicode forms are searched. */
function nameFilter(value: unknown, params: { add(v: unknown): string }): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = stripDomainInput(String(value));
  if (!text) return null;
  const ascii = toAsciiDomain(text);
  const p = params.add(`%${likeEscape(text)}%`);
  const forms = [`t.name ILIKE ${p}`, `t.unicode_name ILIKE ${p}`];
  if (ascii && ascii !== text) forms.push(`t.name ILIKE ${params.add(`%${likeEscape(ascii)}%`)}`);
  return forms.join(' OR ');
}

export function normaliseNameservers(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const out = list
    .map((n) => String(n).trim().toLowerCase().replace(/\.$/, ''))
    .filter(Boolean)
    .map((n) => toAsciiDomain(n) ?? n);
  return [...new Set(out)].sort();
}

export const domainsResource = defineServerResource({
  spec: resources.domains,
  customFilters: {
    name: nameFilter,
    unicode_name: nameFilter,
    nameservers: (value, params) => {
      if (typeof value !== 'string' || !value.trim()) return null;
      const p = params.add(`%${likeEscape(value.trim().toLowerCase())}%`);
      return `EXISTS (SELECT 1 FROM unnest(t.nameservers) AS ns WHERE ns ILIKE ${p})`;
    },
  },
  hooks: {
    beforeWrite({ values }) {
      if (typeof values.name === 'string') {
        const ascii = toAsciiDomain(values.name);
        if (!ascii) throw invalid({ name: 'Not a valid domain name' });
        values.name = ascii;
        values.unicode_name = toUnicodeDomain(ascii);
      }
      if (values.nameservers !== undefined) values.nameservers = normaliseNameservers(values.nameservers);
    },
  },
  actions: registerDomainActions,
});
