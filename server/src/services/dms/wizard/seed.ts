import {
  ADMIN_ROLE,
  type WizardChoices,
  type WizardFact,
  type WizardInfo,
  type WizardStepResult,
} from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import { DAY, now } from '../../../seed/random.js';
import type { Outcome } from './outcome.js';

const MINUTE = 60;

interface DemoLaunch {
  hostname: string;
  info: Omit<WizardInfo, 'hostname' | 'user_id'>;
  choices: Partial<WizardChoices>;
  path: number[];
  /** Each visited step's result: its message and facts; the last may have failed. */
  results: Array<[message: string, facts: Array<[string, string]>, failed?: true]>;
  outcome: Outcome;
  ageDays: number;
}

const ZONE_NS = ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'];

/**
 * Demo launches (docs/wizard.md): one stopped after its purchase, at the 5th step (Check if website is
 * live), one at Check if we can edit DNS, failed because the domain bought by hand still uses its
 * registrar's nameservers, and one just past the availability check, choosing its registrar.
 */
const LAUNCHES: DemoLaunch[] = [
  {
    hostname: 'vergleich-stromtarife.de',
    info: { friendly_name: 'Stromtarife Vergleich', type: 'MONEY', target_market: 'Germany', ssl: true },
    choices: { registrar: 'namecheap', years: 2 },
    path: [0, 1, 2, 3, 4],
    results: [
      [
        'The launch of vergleich-stromtarife.de is set up',
        [
          ['Domain', 'vergleich-stromtarife.de'],
          ['Type', 'MONEY'],
          ['Target market', 'Germany'],
          ['SSL', 'Yes'],
        ],
      ],
      [
        'vergleich-stromtarife.de is available',
        [
          ['Registration (RDAP/WHOIS)', 'not registered'],
          ['Namecheap', 'available'],
          ['Price for a year', '9.18 USD'],
          ['DNS records', 'none'],
        ],
      ],
      [
        'The domain is bought through Namecheap',
        [
          ['Registrar', 'namecheap'],
          ['Years', '2'],
        ],
      ],
      [
        'vergleich-stromtarife.de is bought for 2 years',
        [
          ['Order', '2384117'],
          ['Charged', '18.36 USD'],
        ],
      ],
    ],
    outcome: {
      availability: { registered: false, ours: false, premium: false, price: '9.18 USD' },
      purchase: {
        registrar: 'namecheap',
        hostname: 'vergleich-stromtarife.de',
        attempted_at: 0,
        bought: true,
        order_id: '2384117',
        charged: '18.36 USD',
      },
    },
    ageDays: 0,
  },
  {
    hostname: 'kayak-rental-guide.com',
    info: { friendly_name: 'Kayak Rental Guide', type: 'LINK', target_market: 'USA', ssl: true },
    choices: { registrar: 'manual', years: 1 },
    path: [0, 1, 2, 3, 4, 5],
    results: [
      [
        'The launch of kayak-rental-guide.com is set up',
        [
          ['Domain', 'kayak-rental-guide.com'],
          ['Type', 'LINK'],
          ['Target market', 'United States'],
          ['SSL', 'Yes'],
        ],
      ],
      [
        'kayak-rental-guide.com is available',
        [
          ['Registration (RDAP/WHOIS)', 'not registered'],
          ['DNS records', 'none'],
        ],
      ],
      [
        'The domain is bought by hand',
        [
          ['Registrar', 'manual'],
          ['Years', '1'],
        ],
      ],
      [
        'kayak-rental-guide.com is registered at Porkbun LLC',
        [
          ['Registrar', 'Porkbun LLC'],
          ['Expires', '2027-11-24'],
        ],
      ],
      [
        'kayak-rental-guide.com answers with HTTP 200 (“Parked domain”)',
        [
          ['Answer', 'HTTP 200'],
          ['Server', 'openresty'],
          ['Title', 'Parked domain'],
        ],
      ],
      [
        'The nameservers of kayak-rental-guide.com are curitiba.ns.porkbun.com, fortaleza.ns.porkbun.com. Set them to ada.ns.cloudflare.com and bob.ns.cloudflare.com at the registrar, then retry (the change can take a few hours to show).',
        [
          ['Cloudflare zone', '4a7c0e9d2b5f46a1b3c8d7e6f5a4b3c2'],
          ['Its nameservers', ZONE_NS.join(', ')],
          ['Nameservers now', 'curitiba.ns.porkbun.com, fortaleza.ns.porkbun.com'],
        ],
        true,
      ],
    ],
    outcome: {
      availability: { registered: false, ours: false, premium: false, price: null },
      purchase: {
        registrar: 'manual',
        hostname: 'kayak-rental-guide.com',
        attempted_at: 0,
        bought: true,
        order_id: null,
        charged: null,
      },
      zone: { id: '4a7c0e9d2b5f46a1b3c8d7e6f5a4b3c2', name_servers: ZONE_NS, status: 'pending' },
    },
    ageDays: 1,
  },
  {
    hostname: 'mejores-seguros-coche.es',
    info: { friendly_name: null, type: 'SERVICE', target_market: 'Spain', ssl: true },
    choices: {},
    path: [0, 1, 2],
    results: [
      [
        'The launch of mejores-seguros-coche.es is set up',
        [
          ['Domain', 'mejores-seguros-coche.es'],
          ['Type', 'SERVICE'],
          ['Target market', 'France'],
          ['SSL', 'Yes'],
        ],
      ],
      [
        'mejores-seguros-coche.es is available',
        [
          ['Registration (RDAP/WHOIS)', 'not registered'],
          ['Namecheap', 'available'],
          ['Price for a year', '8.98 USD'],
          ['DNS records', 'none'],
        ],
      ],
    ],
    outcome: { availability: { registered: false, ours: false, premium: false, price: '8.98 USD' } },
    ageDays: 3,
  },
];

export async function seedWizard(tx: Queryable): Promise<void> {
  const admin = await tx.query<{ id: number }>(
    `SELECT u.id FROM users u JOIN roles r ON r.id = ANY(u.roles) WHERE r.name = $1 ORDER BY u.id LIMIT 1`,
    [ADMIN_ROLE],
  );
  const userId = admin.rows[0] ? Number(admin.rows[0].id) : null;
  const t = now();
  for (const l of LAUNCHES) {
    const started = t - l.ageDays * DAY - 45 * MINUTE;
    const results: Record<string, WizardStepResult> = {};
    l.results.forEach(([message, facts, failed], i) => {
      const step = l.path[i]!;
      results[String(step)] = {
        step,
        state: failed ? 'failed' : 'done',
        message,
        attempts: failed ? 2 : 1,
        at: started + (i + 1) * 3 * MINUTE,
        facts: facts.map(([label, value]): WizardFact => ({ label, value })),
      };
    });
    const last = l.results.at(-1);
    const outcome: Outcome = { ...l.outcome };
    if (outcome.purchase) outcome.purchase = { ...outcome.purchase, attempted_at: started + 9 * MINUTE };
    const choices: WizardChoices = {
      registrar: null,
      years: 1,
      fresh_install: null,
      server_id: null,
      ip_address_id: null,
      ...l.choices,
    };
    await tx.query(
      `INSERT INTO website_drafts (hostname, status, step, path, last_error, user_id, info, choices, results,
         outcome, created_at, updated_at)
       VALUES ($1, 'in_progress', $2, $3::integer[], $4, $5, $6::jsonb, $7::jsonb, $8::jsonb, $9::jsonb, $10, $11)`,
      [
        l.hostname,
        l.path.at(-1),
        l.path,
        last?.[2] ? last[0] : null,
        userId,
        JSON.stringify({ ...l.info, hostname: l.hostname, user_id: userId }),
        JSON.stringify(choices),
        JSON.stringify(results),
        JSON.stringify(outcome),
        started,
        started + l.results.length * 3 * MINUTE,
      ],
    );
  }
}
