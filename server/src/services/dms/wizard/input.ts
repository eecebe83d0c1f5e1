/**
 * The input a step takes, checked before the step runs: a missing or wrong field is a 422 naming the field,
 * and nothing is changed. What passes becomes the draft's information and choices.
 */
import {
  stripDomainInput,
  toAsciiDomain,
  WIZARD_STEPS,
  type WizardChoices,
  type WizardInfo,
  type WizardInput,
} from '@sitefleet/shared';
import { parse as parseDomain } from 'tldts';
import { invalid } from '../../../core/errors.js';
import { sql } from '../../../core/sql.js';
import type { Queryable } from '../../../db/db.js';
import type { DraftRow } from './draft-repository.js';
import type { Outcome } from './outcome.js';
import type { LaunchPorts } from './ports.js';

export interface Accepted {
  info?: WizardInfo;
  choices?: WizardChoices;
  hostname?: string;
  note?: string | null;
}

async function exists(tx: Queryable, q: ReturnType<typeof sql>): Promise<Record<string, unknown> | null> {
  const { text, values } = q.query();
  return (await tx.query<Record<string, unknown>>(text, values)).rows[0] ?? null;
}

function refuse(errors: Record<string, string>): void {
  if (Object.keys(errors).length) throw invalid(errors);
}

/** The domain a launch buys: a registrable name (example.com, example.co.uk), never a subdomain. */
export function launchDomain(input: string): { name: string } | { error: string } {
  const ascii = toAsciiDomain(stripDomainInput(input));
  if (!ascii) return { error: 'Enter a domain name, such as example.com' };
  const parsed = parseDomain(ascii, { allowPrivateDomains: false });
  if (!parsed.domain || !parsed.publicSuffix || !parsed.isIcann) {
    return { error: `${ascii} is not under a public top-level domain` };
  }
  if (parsed.domain !== ascii)
    return { error: `Enter the domain itself (${parsed.domain}), not a subdomain` };
  return { name: ascii };
}

async function infoInput(tx: Queryable, draft: DraftRow, input: WizardInput): Promise<Accepted> {
  const errors: Record<string, string> = {};
  let hostname: string | null = null;
  if (!input.hostname?.trim()) errors.hostname = 'Enter the domain of the new site';
  else {
    const d = launchDomain(input.hostname);
    if ('error' in d) errors.hostname = d.error;
    else hostname = d.name;
  }
  const committed = draft.outcome.purchase?.bought || draft.website_id !== null;
  if (hostname && draft.hostname && hostname !== draft.hostname && committed) {
    errors.hostname = `${draft.hostname} is already ${draft.website_id ? 'saved' : 'bought'} for this launch: start a new launch for another domain`;
  }
  if (hostname && !errors.hostname) {
    const site = await exists(
      tx,
      sql`SELECT id FROM websites WHERE hostname IN (${hostname}, ${`www.${hostname}`}) AND status <> 'DELETED'
          ${draft.website_id ? sql`AND id <> ${draft.website_id}` : sql``} LIMIT 1`,
    );
    if (site) errors.hostname = `${hostname} is in the inventory already (website #${String(site.id)})`;
  }
  const userId = input.user_id === undefined ? draft.info.user_id : input.user_id;
  if (userId !== null && !(await exists(tx, sql`SELECT 1 FROM users WHERE id = ${userId}`))) {
    errors.user_id = `Unknown user: ${userId}`;
  }
  const friendly =
    input.friendly_name === undefined ? draft.info.friendly_name : input.friendly_name?.trim() || null;
  refuse(errors);
  return {
    hostname: hostname!,
    info: {
      hostname,
      friendly_name: friendly,
      type: input.type ?? draft.info.type,
      target_market: input.target_market ?? draft.info.target_market,
      ssl: input.ssl ?? draft.info.ssl,
      user_id: userId,
    },
  };
}

/** Why a registrar cannot be chosen now, or null. */
export function registrarRefusal(
  key: WizardChoices['registrar'],
  ports: LaunchPorts,
  outcome: Outcome,
): string | null {
  if (key !== 'namecheap') return null;
  if (!ports.registrar)
    return 'Namecheap is not configured (NAMECHEAP_API_USER, NAMECHEAP_API_KEY, NAMECHEAP_CLIENT_IP)';
  if (outcome.availability?.premium)
    return 'A premium name: buy it by hand, its price needs a person’s approval';
  return null;
}

async function placementInput(tx: Queryable, draft: DraftRow, input: WizardInput): Promise<Accepted> {
  const errors: Record<string, string> = {};
  if (!input.server_id) errors.server_id = 'Choose a server';
  if (!input.ip_address_id) errors.ip_address_id = 'Choose an IP address of the server';
  refuse(errors);
  const server = await exists(
    tx,
    sql`SELECT id, runcloud_server_id FROM servers WHERE id = ${input.server_id!}`,
  );
  if (!server) errors.server_id = `Unknown server: ${input.server_id!}`;
  else if (draft.choices.fresh_install && server.runcloud_server_id === null) {
    errors.server_id = 'A fresh install needs a server linked to RunCloud';
  }
  const ip = await exists(tx, sql`SELECT server_id FROM ip_addresses WHERE id = ${input.ip_address_id!}`);
  if (!ip) errors.ip_address_id = `Unknown IP address: ${input.ip_address_id!}`;
  else if (server && Number(ip.server_id) !== Number(server.id))
    errors.ip_address_id = 'This IP address is not on the chosen server';
  refuse(errors);
  return { choices: { ...draft.choices, server_id: input.server_id!, ip_address_id: input.ip_address_id! } };
}

/** Checks the input of the draft's current step; answers what it changes. */
export async function acceptInput(
  tx: Queryable,
  draft: DraftRow,
  input: WizardInput,
  ports: LaunchPorts,
): Promise<Accepted> {
  const key = WIZARD_STEPS[draft.step]!.key;
  if (key !== 'info' && !draft.hostname) throw invalid({ hostname: 'Enter the website information first' });
  switch (key) {
    case 'info':
      return infoInput(tx, draft, input);
    case 'registrar': {
      if (!input.registrar) throw invalid({ registrar: 'Choose a registrar' });
      const refused = registrarRefusal(input.registrar, ports, draft.outcome);
      if (refused) throw invalid({ registrar: refused });
      return {
        choices: { ...draft.choices, registrar: input.registrar, years: input.years ?? draft.choices.years },
      };
    }
    case 'buy':
      if (
        draft.choices.registrar === 'namecheap' &&
        input.confirm_purchase !== true &&
        !draft.outcome.purchase?.bought
      ) {
        throw invalid({
          confirm_purchase: `Confirm the purchase of ${draft.hostname}: it is charged to the account`,
        });
      }
      return {};
    case 'install':
      if (input.fresh_install === undefined)
        throw invalid({ fresh_install: 'Choose whether to install WordPress' });
      if (input.fresh_install && !ports.hosting) {
        throw invalid({
          fresh_install: 'RunCloud is not configured (RUNCLOUD_API_TOKEN): choose no fresh install',
        });
      }
      return { choices: { ...draft.choices, fresh_install: input.fresh_install } };
    case 'server':
      return placementInput(tx, draft, input);
    case 'notify':
      return { note: input.note?.trim() || null };
    default:
      return {};
  }
}
