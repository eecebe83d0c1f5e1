import type { WizardRegistrar } from '@sitefleet/shared';

/**
 * What outside systems did for a launch, kept on its draft so a retried or revisited step reads it before
 * doing anything: the purchase (attempted, then confirmed), the DNS zone, the web app, the records set.
 */
export interface Outcome {
  availability?: {
    /** Registered by anyone (RDAP/WHOIS, or the registrar's check). */
    registered: boolean;
    /** Already the portfolio's: in the inventory or in the registrar account. */
    ours: boolean;
    premium: boolean;
    /** The registrar's quoted price for a year, when it quoted one. */
    price: string | null;
  };
  purchase?: {
    registrar: WizardRegistrar;
    hostname: string;
    /** Set before the registrar is asked to buy: a retry after it looks the domain up first. */
    attempted_at: number;
    bought: boolean;
    order_id: string | null;
    charged: string | null;
  };
  zone?: { id: string; name_servers: string[]; status: string };
  webapp?: { server_id: number; runcloud_server_id: number; id: number | null; attempted_at: number };
  dns?: { ip: string; records: string[] };
  /** Step 10: the operator's note to the IT team. */
  note?: string | null;
}
