/** Where a notification's link goes (SPEC §2.7). */
export type LinkTarget = { kind: 'external'; href: string } | { kind: 'console'; to: string };

/**
 * Links starting with http open in a new tab; a link with a hash fragment (`#/dms/api/v1/domains/3/show`)
 * opens that route inside the console. Anything else (a javascript: URL, a bare path) is no link.
 */
export function linkTarget(link: string | null | undefined): LinkTarget | null {
  const value = link?.trim();
  if (!value) return null;
  if (/^https?:\/\/[^\s]+$/i.test(value)) return { kind: 'external', href: value };
  const hash = value.indexOf('#');
  if (hash < 0) return null;
  const route = value.slice(hash + 1);
  if (!route.startsWith('/') || route.startsWith('//')) return null;
  return { kind: 'console', to: route };
}
