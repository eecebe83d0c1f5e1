/** Hosting-panel links (SPEC §2.7): the web application dashboard when known, else the server summary. */
const RUNCLOUD = 'https://manage.runcloud.io/servers';

const id = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

export function runcloudUrl(serverId: unknown, webappId?: unknown): string | null {
  const server = id(serverId);
  if (server === null) return null;
  const webapp = id(webappId);
  return webapp === null
    ? `${RUNCLOUD}/${server}/summary`
    : `${RUNCLOUD}/${server}/webapplications/${webapp}/summary`;
}

/** `/{resource}?filter=…`: a list opened with a filter (hash route). */
export function filteredListPath(resource: string, filter: Record<string, unknown>): string {
  return `/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}
