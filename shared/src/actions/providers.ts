/** The link providers' own calls (issue 18 part 4): who sells links on a third-party host. */
import { Type, type Static } from 'typebox';
import { Data, defineAction, Nullable } from './define.js';

/** A link-provider-websites row that sells links on the host asked about. */
export const FreelancerOffer = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  agency: Nullable(Type.String()),
  price: Nullable(Type.Number()),
  currency: Nullable(Type.String()),
  /** The price at the latest stored rate of its currency; null when none is stored. */
  price_in_euro: Nullable(Type.Number()),
  updated_at: Type.Integer(),
});
export type FreelancerOffer = Static<typeof FreelancerOffer>;

/** A contact of a link already bought on the host (external_backlinks.contact). */
export const FreelancerContact = Type.Object({
  name: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  im: Type.Optional(Type.String()),
});
export type FreelancerContact = Static<typeof FreelancerContact>;

export const FreelancerSearch = Type.Object({
  /** The host asked about, lower-case, without a leading www. */
  hostname: Type.String(),
  offers: Type.Array(FreelancerOffer),
  /** The links we already bought on the host (external backlinks whose linking page is on it). */
  bought: Type.Object({
    count: Type.Integer(),
    last_price: Nullable(Type.Number()),
    last_currency: Nullable(Type.String()),
    /** When the latest recorded of them starts (or was recorded, without a start date). */
    last_bought_at: Nullable(Type.Integer()),
    /** Their distinct contacts, most recent first. */
    contacts: Type.Array(FreelancerContact),
  }),
});
export type FreelancerSearch = Static<typeof FreelancerSearch>;

/**
 * GET /link-provider-websites/freelancer-search?hostname=: which providers sell links on a third-party host
 * (their agency, price, currency and price in euro), and what we already bought there (count, last price,
 * contacts). A URL is accepted in place of a host name; `www.` is ignored.
 */
export const freelancerSearch = defineAction({
  method: 'GET',
  path: 'dms/api/v1/link-provider-websites/freelancer-search',
  service: 'dms',
  summary: 'Who sells links on a host, and what we already bought there',
  access: 'permission',
  kind: 'read',
  query: Type.Object(
    { hostname: Type.String({ minLength: 1, maxLength: 2048 }) },
    { additionalProperties: false },
  ),
  response: Data(FreelancerSearch),
});
