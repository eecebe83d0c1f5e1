/** The footprint graph's screen (a tool, not a resource: its data comes from the footprint calls). */
export const FOOTPRINT_ROUTE = '/footprint';
