/** The footprint graph's calls (issue 18): the network's ties, one site's score and reasons, two sites' ties. */
import { Type, type Static } from 'typebox';
import { FOOTPRINT_KINDS } from '../footprint.js';
import { Data, defineAction, IdParams, Nullable } from './define.js';

const Kind = Type.Enum(FOOTPRINT_KINDS);

/** The most ties the graph call answers (the strongest): a browser draws a few thousand edges well. */
export const FOOTPRINT_MAX_EDGES = 4000;

/** A site as the graph shows it. */
export const FootprintNode = Type.Object({
  id: Type.Integer(),
  hostname: Type.String(),
  type: Type.String(),
  status: Type.String(),
  score: Type.Integer({ minimum: 0, maximum: 100 }),
  ties: Type.Integer({ minimum: 0 }),
});
export type FootprintNode = Static<typeof FootprintNode>;

/** Two sites tied strongly enough to draw: strength 0–1 and the kinds of their ties, strongest first. */
export const FootprintEdge = Type.Object({
  a: Type.Integer(),
  b: Type.Integer(),
  strength: Type.Number({ minimum: 0, maximum: 1 }),
  kinds: Type.Array(Kind),
});
export type FootprintEdge = Static<typeof FootprintEdge>;

/** One thing a site shares with others: what it is, its weight and the other sites that share it. */
export const FootprintReason = Type.Object({
  kind: Kind,
  value: Type.String(),
  label: Type.String(),
  weight: Type.Number({ minimum: 0, maximum: 1 }),
  sites: Type.Array(Type.Object({ id: Type.Integer(), hostname: Type.String() })),
});
export type FootprintReason = Static<typeof FootprintReason>;

/** GET /footprint: the last computation's sites and ties (the sites the user may see). */
export const footprintGraph = defineAction({
  method: 'GET',
  path: 'dms/api/v1/footprint',
  service: 'dms',
  summary: "The network's footprint graph: each site's risk score and the ties between sites",
  access: 'permission',
  kind: 'read',
  query: Type.Object(
    { min_strength: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })) },
    { additionalProperties: false },
  ),
  response: Data(
    Type.Object({
      computed_at: Nullable(Type.Integer()),
      nodes: Type.Array(FootprintNode),
      /** The strongest ties, at most FOOTPRINT_MAX_EDGES of them. */
      edges: Type.Array(FootprintEdge),
      /** How many ties reach the strength asked for (more than `edges` holds when the graph is cut). */
      edges_total: Type.Integer({ minimum: 0 }),
    }),
  ),
});

/** GET /footprint/sites/{id}: one site's score and every reason, strongest first. */
export const footprintOfSite = defineAction({
  method: 'GET',
  path: 'dms/api/v1/footprint/sites/:id',
  service: 'dms',
  summary: "One site's footprint risk score with its reasons",
  access: 'permission',
  kind: 'read',
  params: IdParams,
  response: Data(
    Type.Object({
      website_id: Type.Integer(),
      hostname: Type.String(),
      computed_at: Nullable(Type.Integer()),
      score: Type.Integer({ minimum: 0, maximum: 100 }),
      reasons: Type.Array(FootprintReason),
    }),
  ),
});

/** GET /footprint/pair?a=&b=: what links these two sites. */
export const footprintPair = defineAction({
  method: 'GET',
  path: 'dms/api/v1/footprint/pair',
  service: 'dms',
  summary: 'What links two sites of the network: every tie they share and its weight',
  access: 'permission',
  kind: 'read',
  query: Type.Object(
    { a: Type.Integer({ minimum: 1 }), b: Type.Integer({ minimum: 1 }) },
    { additionalProperties: false },
  ),
  response: Data(
    Type.Object({
      a: Type.Object({ id: Type.Integer(), hostname: Type.String() }),
      b: Type.Object({ id: Type.Integer(), hostname: Type.String() }),
      computed_at: Nullable(Type.Integer()),
      strength: Type.Number({ minimum: 0, maximum: 1 }),
      reasons: Type.Array(
        Type.Object({ kind: Kind, value: Type.String(), label: Type.String(), weight: Type.Number() }),
      ),
    }),
  ),
});
