/** Fields the server owns: a duplicate never carries them (SPEC §7.1 duplicate helper). */
const DROPPED = ['id', 'created_by', 'created_at', 'updated_at', 'version'];

/** The record minus server-owned fields, with its title field suffixed `_2`. */
export function duplicateData(record: Record<string, unknown>, titleField: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (!DROPPED.includes(key)) copy[key] = value;
  }
  const title = record[titleField];
  if (typeof title === 'string' && title) copy[titleField] = `${title}_2`;
  return copy;
}
