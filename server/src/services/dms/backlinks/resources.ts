import { backlinkEndDate, LOST_LINK_STATUSES, normaliseEmail, resources } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import { defineServerResource, type Row, type WriteEvent } from '../../../core/resource.js';
import type { AppDeps } from '../../../deps.js';
import { websiteHostname } from '../wordpress/resources.js';
import { registerBacklinkActions } from './actions.js';
import { refreshAnchorStats } from './anchors.js';

const CONTACT_KEYS = ['name', 'email', 'im'] as const;
const CONTACT_CHARS = 200;

/** The contact as sent: only name, e-mail and IM, each short text, the e-mail checked; null when empty. */
function contactOf(raw: unknown, errors: Record<string, string>): Row | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    errors.contact = 'Must be an object with name, email and im';
    return null;
  }
  const out: Row = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!(CONTACT_KEYS as readonly string[]).includes(key)) {
      errors.contact = `Unknown contact field ${key.slice(0, 40)}: only name, email and im`;
      return null;
    }
    if (value === null || value === '') continue;
    if (typeof value !== 'string' || value.length > CONTACT_CHARS) {
      errors.contact = `Contact ${key} must be text of at most ${CONTACT_CHARS} characters`;
      return null;
    }
    if (key === 'email') {
      const email = normaliseEmail(value);
      if (!email) {
        errors.contact = 'Contact e-mail must be an e-mail address';
        return null;
      }
      out.email = email;
    } else out[key] = value.trim();
  }
  return Object.keys(out).length ? out : null;
}

/** The website a target URL belongs to: its host, a leading www. ignored. */
export async function websiteOf(e: WriteEvent, url: string): Promise<number | null> {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
  const r = await e.tx.query<{ id: number }>(
    `SELECT id FROM websites WHERE lower(hostname) IN ($1, 'www.' || $1) ORDER BY id LIMIT 1`,
    [host],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/**
 * SPEC §4 external backlink form rules, held by the server whatever the client sends: a permanent link has
 * no duration and no end date; otherwise the end date is the start date plus the duration in days, and a
 * bought link needs both; a self-created link has no contact; a price needs its currency. The website is the
 * target URL's when the form names none.
 */
async function checkBacklink(e: WriteEvent): Promise<void> {
  const errors: Record<string, string> = {};
  const v = e.values;
  const merged: Row = { ...e.existing, ...e.input };
  const permanent = merged.permanent === true;
  const selfCreated = merged.self_created === true;
  if (permanent) {
    v.duration = null;
    v.end_date = null;
  } else {
    const start =
      merged.start_date === null || merged.start_date === undefined ? null : Number(merged.start_date);
    const duration =
      merged.duration === null || merged.duration === undefined ? null : Number(merged.duration);
    if (!selfCreated && start === null) errors.start_date = 'Enter when the paid period starts';
    if (!selfCreated && duration === null) errors.duration = 'Enter how many days the link is paid for';
    v.end_date = backlinkEndDate(start, duration);
  }
  if (selfCreated) v.contact = null;
  else if ('contact' in e.input) {
    const contact = contactOf(e.input.contact, errors);
    v.contact = contact === null ? null : JSON.stringify(contact);
  }
  const price = merged.price;
  if (price !== null && price !== undefined && !merged.currency)
    errors.currency = 'Pick the currency of the price';
  if (Object.keys(errors).length) throw invalid(errors);
  if (!e.existing && (v.website_id === null || v.website_id === undefined) && typeof v.url === 'string') {
    const site = await websiteOf(e, v.url);
    if (site !== null) v.website_id = site;
  }
}

const OPEN =
  'SELECT count(*) FROM external_backlink_status s WHERE s.external_backlink_id = t.id AND s.ignored_at IS NULL';
const LOST = `ARRAY[${LOST_LINK_STATUSES.map((s) => `'${s}'`).join(', ')}]`;

export const externalBacklinksResource = defineServerResource<
  typeof resources.externalBacklinks.fields,
  AppDeps
>({
  spec: resources.externalBacklinks,
  table: 'external_backlinks',
  computed: {
    ...websiteHostname,
    open_warnings: { kind: 'integer', sql: OPEN },
    important_warning: { kind: 'boolean', sql: `EXISTS (${OPEN} AND s.important)`.replace('count(*)', '1') },
  },
  customFilters: {
    attention: (value) =>
      value === 'alerts'
        ? `EXISTS (${OPEN.replace('count(*)', '1')})`
        : value === 'errors'
          ? `t.status = ANY(${LOST})`
          : null,
  },
  hooks: {
    beforeWrite: checkBacklink,
    // The anti-text diversity list follows the anchors: the websites the link was and is on are recounted.
    afterWrite: async (e) => {
      const sites = [e.record.website_id, e.existing?.website_id].filter(
        (id) => id !== null && id !== undefined,
      );
      await refreshAnchorStats(e.tx, [...new Set(sites.map(Number))]);
    },
    // A CSV import recounts each website it added links to once.
    afterBulkCreate: async (e) => {
      const sites = e.created.map((c) => c.values.website_id).filter((id) => id !== null && id !== undefined);
      await refreshAnchorStats(e.tx, [...new Set(sites.map(Number))]);
    },
    beforeDelete: async (e) => {
      if (e.existing.website_id !== null)
        await refreshAnchorStats(e.tx, [Number(e.existing.website_id)], Number(e.existing.id));
    },
  },
  actions: registerBacklinkActions,
});

export const externalBacklinkStatusResource = defineServerResource({
  spec: resources.externalBacklinkStatus,
  table: 'external_backlink_status',
  computed: {
    // SPEC §3 Warning `_id`: an object id whose first 8 hex characters are the creation time.
    _id: {
      kind: 'string',
      sql: `lpad(to_hex(t.created_at), 8, '0') || lpad(to_hex(t.id), 16, '0')`,
    },
    backlink: {
      kind: 'string',
      sql: 'SELECT b.backlink FROM external_backlinks b WHERE b.id = t.external_backlink_id',
    },
  },
});
