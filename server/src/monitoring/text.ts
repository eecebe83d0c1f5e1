/** Small wording helpers shared by the monitors resource, the change writer and the alert texts. */

/** The host of a URL, or the value itself when it is not one (a ping target). */
export function hostOf(url: string): string {
  try {
    return new URL(url).hostname || url;
  } catch {
    return url;
  }
}

/** How long something lasted, as an operator reads it: '45 s', '12 min', '3 h 5 min', '2 d 4 h'. */
export function lasted(seconds: number): string {
  const m = Math.round(seconds / 60);
  if (seconds < 90) return `${Math.max(0, Math.round(seconds))} s`;
  if (m < 90) return `${m} min`;
  const h = Math.floor(m / 60);
  return h < 48 ? `${h} h ${m % 60} min` : `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** Text made safe to put between HTML tags or in an attribute. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
