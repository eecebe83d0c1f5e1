/** The bought-backlink ledger's own calls (issue 18, SPEC §7.5): checks, their evidence, ignoring a warning. */
import { Type, type Static } from 'typebox';
import { LINK_CHECK_STATUSES } from '../backlinks.js';
import { REL_ATTRIBUTES, WEBSITE_STATUSES, WEBSITE_TYPES } from '../constants.js';
import { Data, defineAction, IdParams, Nullable } from './define.js';

const Status = Type.Enum(LINK_CHECK_STATUSES);

/** What one check of a link found (server/src/integrations/link-check). */
export const BacklinkCheck = Type.Object({
  id: Type.Integer(),
  checked_at: Type.Integer(),
  status: Status,
  message: Nullable(Type.String()),
  /** The evidence: HTTP status, final URL, redirects, the link found, rel, robots, canonical, snippet, hash. */
  evidence: Type.Record(Type.String(), Type.Unknown()),
});
export type BacklinkCheck = Static<typeof BacklinkCheck>;

/** PUT /external-backlinks/check/{id}: check the link now (SPEC §7.5; 'External Backlink checked'). */
export const checkExternalBacklink = defineAction({
  method: 'PUT',
  path: 'dms/api/v1/external-backlinks/check/:id',
  service: 'dms',
  summary: 'Check one external backlink now: fetch the linking page and record what it shows',
  access: 'permission',
  params: IdParams,
  response: Data(
    Type.Object({
      check: BacklinkCheck,
      /** The page is behind a captcha or a bot wall: the console offers Check Again (SPEC §5). */
      has_captcha: Type.Boolean(),
      /** The check differed from the one before and raised a warning. */
      warning_id: Nullable(Type.Integer()),
    }),
  ),
});

/** GET /external-backlinks/{id}/checks: the link's checks, newest first, with their evidence. */
export const externalBacklinkChecks = defineAction({
  method: 'GET',
  path: 'dms/api/v1/external-backlinks/:id/checks',
  service: 'dms',
  summary: "An external backlink's checks, newest first, with their evidence",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  query: Type.Object(
    { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })) },
    { additionalProperties: false },
  ),
  response: Data(Type.Array(BacklinkCheck)),
});

/** PUT /external-backlink-status/ignore-warning/{id}: ignore a backlink's warning (SPEC §7.5 IGNORE). */
export const ignoreBacklinkWarning = defineAction({
  method: 'PUT',
  path: 'dms/api/v1/external-backlink-status/ignore-warning/:id',
  service: 'dms',
  summary: "Ignore one of an external backlink's warnings (only a warning of a backlink)",
  access: 'permission',
  params: IdParams,
  response: Data(Type.Object({ id: Type.Integer(), ignored_at: Type.Integer() })),
});

const DisavowHit = Type.Object({ id: Type.Integer(), website_id: Type.Integer() });

/** GET /disavowed-domains/is-disavowed?value=: the entries that disavow a link (its domain, a parent, the URL). */
export const isDisavowed = defineAction({
  method: 'GET',
  path: 'dms/api/v1/disavowed-domains/is-disavowed',
  service: 'dms',
  summary:
    'Which disavow entries cover a link: domain entries of its host (or a parent domain), URL entries of it',
  access: 'permission',
  kind: 'read',
  query: Type.Object(
    { value: Type.String({ minLength: 1, maxLength: 2048 }) },
    { additionalProperties: false },
  ),
  response: Data(Type.Object({ domains: Type.Array(DisavowHit), urls: Type.Array(DisavowHit) })),
});

/** GET /websites/{id}/disavow.txt: the website's disavow list as a file to upload to Google Search Console. */
export const exportDisavowFile = defineAction({
  method: 'GET',
  path: 'dms/api/v1/websites/:id/disavow.txt',
  service: 'dms',
  summary: "A website's disavow list in Google's disavow-file format (text/plain)",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  produces: 'text/plain',
  response: Type.String(),
});

/** PUT /affiliate-links/{id}/check: request the permalink and confirm it redirects as declared. */
export const checkAffiliateLink = defineAction({
  method: 'PUT',
  path: 'dms/api/v1/affiliate-links/:id/check',
  service: 'dms',
  summary:
    "Request an affiliate link's permalink and confirm it answers the declared redirect to redirect_to",
  access: 'permission',
  params: IdParams,
  response: Data(
    Type.Object({
      link_confirmed: Type.Boolean(),
      message: Type.String(),
      /** The permalink's HTTP status; null when it did not answer. */
      http_status: Nullable(Type.Integer()),
      /** Where it redirected to (absolute); null without a redirect. */
      location: Nullable(Type.String()),
    }),
  ),
});

export const AffiliateLinkChange = Type.Object({
  id: Type.Integer(),
  field: Type.String(),
  old_value: Nullable(Type.String()),
  new_value: Nullable(Type.String()),
  changed_at: Type.Integer(),
  /** Who made the change; null for a change of the system. */
  user_name: Nullable(Type.String()),
});
export type AffiliateLinkChange = Static<typeof AffiliateLinkChange>;

/** GET /affiliate-links/{id}/changes: the link's changes of permalink, target, type and name, newest first. */
export const affiliateLinkChanges = defineAction({
  method: 'GET',
  path: 'dms/api/v1/affiliate-links/:id/changes',
  service: 'dms',
  summary: "An affiliate link's changes (permalink, redirect target, redirection type, name), newest first",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  response: Data(Type.Array(AffiliateLinkChange)),
});

/** A website of the portfolio a directory's listing links to (when the user may see it). */
export const DirectoryTarget = Type.Object({
  id: Type.Integer(),
  hostname: Type.String(),
  friendly_name: Nullable(Type.String()),
  type: Type.Enum(WEBSITE_TYPES),
  status: Type.Enum(WEBSITE_STATUSES),
});

/** An outbound link on a listing page, as the last scan of the directory found it. */
export const DirectoryLink = Type.Object({
  url: Type.String(),
  target_host: Type.String(),
  anchor: Nullable(Type.String()),
  /** The rel tokens found (none: a followed link). */
  rel: Type.Array(Type.String()),
  hits: Type.Integer(),
  /** The site of the portfolio at the target host; null for a site outside it. */
  website: Nullable(DirectoryTarget),
});

/** A listing of a directory site: its page (a /listing/… URL), the categories listing it, its links out. */
export const DirectoryListing = Type.Object({
  /** The scanned page's id. */
  id: Type.Integer(),
  url: Type.String(),
  title: Nullable(Type.String()),
  /** The HTTP status the page answered at the last scan (404 or 410: the listing is gone). */
  status: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  scanned_at: Type.Integer(),
  /** The directory's category pages that link to the listing. */
  categories: Type.Array(Type.Object({ url: Type.String(), name: Type.String() })),
  links: Type.Array(DirectoryLink),
});
export type DirectoryListing = Static<typeof DirectoryListing>;

/** GET /websites/{id}/directory: the listings a directory site carries and the sites they link to. */
export const websiteDirectory = defineAction({
  method: 'GET',
  path: 'dms/api/v1/websites/:id/directory',
  service: 'dms',
  summary:
    "A directory site's listings (from its last scan): page, title, categories, outbound links, the portfolio's sites they link to, and counts",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  query: Type.Object(
    {
      /** Only listings with a link to this website. */
      target_website_id: Type.Optional(Type.Integer({ minimum: 1 })),
      /** Only listings with a link of this rel ('follow': none of nofollow, sponsored, ugc). */
      rel: Type.Optional(Type.Enum(REL_ATTRIBUTES)),
    },
    { additionalProperties: false },
  ),
  response: Data(
    Type.Object({
      /** The website is of type DIRECTORY (the console shows the tab's table for those only). */
      is_directory: Type.Boolean(),
      /** When its pages were last scanned; null when never. */
      last_scanned_at: Nullable(Type.Integer()),
      /** Of all its listings, whatever the filters. */
      counts: Type.Object({
        listings: Type.Integer(),
        /** Sites of the portfolio its listings link to. */
        portfolio_sites: Type.Integer(),
        /** Hosts outside the portfolio its listings link to. */
        external_targets: Type.Integer(),
        /** Listings whose page answered 404 or 410. */
        gone: Type.Integer(),
      }),
      /** The portfolio's sites linked, each with how many listings link to it, most first. */
      portfolio_sites: Type.Array(
        Type.Object({
          id: Type.Integer(),
          hostname: Type.String(),
          friendly_name: Nullable(Type.String()),
          type: Type.Enum(WEBSITE_TYPES),
          status: Type.Enum(WEBSITE_STATUSES),
          listings: Type.Integer(),
        }),
      ),
      /** The listings the filters keep, by URL; at most 1000. */
      listings: Type.Array(DirectoryListing),
      /** More listings matched than were sent. */
      truncated: Type.Boolean(),
    }),
  ),
});
