/**
 * The work of each launch step (SPEC §2.6, docs/wizard.md). A step reads the draft (what earlier steps and
 * earlier attempts did), does its outside work through the ports, and answers done (with the step to go to)
 * or failed (with why). Input is checked before anything runs (./input.ts); nothing here throws for an
 * outside failure: it becomes the step's recorded result, which the operator retries.
 */
import { WIZARD_STEPS, type WizardFact, type WizardStepKey } from '@sitefleet/shared';
import { errorMessage } from '../../../core/errors.js';
import { epochNow } from '../../../core/time.js';
import type { DraftRow } from './draft-repository.js';
import type { Outcome } from './outcome.js';
import { LaunchError, type LaunchPorts, type SiteAnswer } from './ports.js';
import { webappNameFor } from '../../../integrations/runcloud/index.js';
import type { SiteRecords } from './records.js';

export interface StepDone {
  state: 'done';
  message: string;
  facts: WizardFact[];
  /** The step to go to, or the end of the launch. */
  next: number | 'completed';
  outcome?: Outcome;
  links?: { website_id?: number; domain_id?: number; notification_id?: number };
}

export interface StepFailed {
  state: 'failed';
  message: string;
  facts: WizardFact[];
  outcome?: Outcome;
}

export type StepResult = StepDone | StepFailed;

export interface StepContext {
  draft: DraftRow;
  /** The draft's hostname (step 0 has set it before any other step runs). */
  hostname: string;
  ports: LaunchPorts;
  /** The inventory writes and reads of steps 1, 7, 8 and 10. */
  records: SiteRecords;
  /** Commits this part of the outcome now, before an outside write whose answer may be lost. */
  remember(outcome: Outcome): Promise<void>;
}

type Step = (c: StepContext) => Promise<StepResult>;

const fact = (label: string, value: string | number | boolean | null | undefined): WizardFact => ({
  label,
  value:
    value === null || value === undefined
      ? '—'
      : typeof value === 'boolean'
        ? value
          ? 'Yes'
          : 'No'
        : String(value),
});
const done = (message: string, next: StepDone['next'], rest: Partial<StepDone> = {}): StepDone => ({
  state: 'done',
  message,
  facts: [],
  next,
  ...rest,
});
const failed = (message: string, rest: Partial<StepFailed> = {}): StepFailed => ({
  state: 'failed',
  message,
  facts: [],
  ...rest,
});
const id = (key: WizardStepKey) => WIZARD_STEPS.findIndex((s) => s.key === key);
const day = (epoch: number | null) =>
  epoch === null ? null : new Date(epoch * 1000).toISOString().slice(0, 10);
const why = (err: unknown) => (err instanceof LaunchError ? err.message : errorMessage(err));

/** Step 0: the information was checked and stored with the input; nothing outside runs. */
const info: Step = async ({ draft, hostname }) =>
  done(`The launch of ${hostname} is set up`, id('availability'), {
    facts: [
      fact('Domain', hostname),
      fact('Type', draft.info.type),
      fact('Target market', draft.info.target_market),
      fact('SSL', draft.info.ssl),
    ],
  });

/**
 * Step 1: is the name free, or already the portfolio's? The registrar's own check decides availability when
 * a registrar is configured (RDAP data may lag); RDAP/WHOIS says who holds a taken name. A name already in
 * the inventory or in the registrar account skips the purchase (to the live check).
 */
const availability: Step = async ({ hostname, ports, records }) => {
  const facts: WizardFact[] = [];
  const known = await records.domainByName(hostname);
  if (known) {
    facts.push(fact('In the inventory', `domain #${known.id}`));
    return done(`${hostname} is already the portfolio's: no purchase needed`, id('live'), {
      facts,
      outcome: { availability: { registered: true, ours: true, premium: false, price: null } },
      links: { domain_id: known.id },
    });
  }
  let registry: { info: Awaited<ReturnType<LaunchPorts['lookupDomain']>> } | null = null;
  let registryError: string | null = null;
  try {
    registry = { info: await ports.lookupDomain(hostname) };
    const r = registry.info;
    facts.push(
      fact(
        'Registration (RDAP/WHOIS)',
        r ? `registered at ${r.registrar?.name ?? 'an unnamed registrar'}` : 'not registered',
      ),
    );
    if (r?.expirationDate) facts.push(fact('Expires', day(r.expirationDate)));
  } catch (err) {
    registryError = why(err);
    facts.push(fact('Registration (RDAP/WHOIS)', `not answered: ${registryError}`));
  }
  let quote: { available: boolean; premium: boolean; price: string | null } | null = null;
  let registrarError: string | null = null;
  if (ports.registrar) {
    try {
      quote = await ports.registrar.check(hostname);
      facts.push(fact(ports.registrar.label, quote.available ? 'available' : 'not available'));
      if (quote.premium) facts.push(fact('Premium name', quote.price ?? 'yes'));
      else if (quote.price) facts.push(fact('Price for a year', quote.price));
    } catch (err) {
      registrarError = why(err);
      facts.push(fact(ports.registrar.label, `not answered: ${registrarError}`));
    }
  }
  try {
    const dns = await ports.lookupDns(hostname);
    facts.push(
      fact(
        'DNS records',
        dns.length ? `${dns.length} (${[...new Set(dns.map((r) => r.type))].join(', ')})` : 'none',
      ),
    );
  } catch (err) {
    facts.push(fact('DNS records', `not answered: ${why(err)}`));
  }

  const registered = quote ? !quote.available : registry ? registry.info !== null : null;
  if (registered === null) {
    return failed(
      `Could not tell whether ${hostname} is free: ${[registryError, registrarError].filter(Boolean).join('; ')}. Retry.`,
      { facts },
    );
  }
  if (!registered) {
    return done(`${hostname} is available`, id('registrar'), {
      facts,
      outcome: {
        availability: {
          registered: false,
          ours: false,
          premium: quote?.premium ?? false,
          price: quote?.price ?? null,
        },
      },
    });
  }
  if (ports.registrar) {
    try {
      if (await ports.registrar.owned(hostname)) {
        facts.push(fact(`In the ${ports.registrar.label} account`, true));
        return done(
          `${hostname} is already in the ${ports.registrar.label} account: no purchase needed`,
          id('live'),
          {
            facts,
            outcome: { availability: { registered: true, ours: true, premium: false, price: null } },
          },
        );
      }
    } catch (err) {
      return failed(
        `${hostname} is registered; could not ask ${ports.registrar.label} whether it is ours: ${why(err)}. Retry.`,
        { facts },
      );
    }
  }
  const holder = registry?.info?.registrar?.name;
  return failed(
    `${hostname} is registered${holder ? ` at ${holder}` : ''} and is not the portfolio's. Go back and choose another name; if the portfolio owns it, add it under Domains first.`,
    { facts, outcome: { availability: { registered: true, ours: false, premium: false, price: null } } },
  );
};

/** Step 2: the registrar was checked and stored with the input. */
const registrar: Step = async ({ draft }) =>
  done(
    draft.choices.registrar === 'manual'
      ? 'The domain is bought by hand'
      : 'The domain is bought through Namecheap',
    id('buy'),
    { facts: [fact('Registrar', draft.choices.registrar), fact('Years', draft.choices.years)] },
  );

/**
 * Step 3: buy. Whatever happened before, the registrar is asked first whether the domain is already the
 * account's (an earlier attempt whose answer was lost); the attempt is committed before the purchase call,
 * and a purchase whose answer is lost fails with that said: its retry looks it up, never buys blindly.
 */
const buy: Step = async ({ draft, hostname, ports, remember }) => {
  const earlier = draft.outcome.purchase;
  if (earlier?.bought && earlier.hostname === hostname) {
    return done(`${hostname} was bought earlier in this launch: not bought again`, id('live'), {
      facts: [fact('Order', earlier.order_id), fact('Charged', earlier.charged)],
    });
  }
  if (draft.choices.registrar === 'manual') {
    let info;
    try {
      info = await ports.lookupDomain(hostname);
    } catch (err) {
      return failed(`Could not check the registration of ${hostname}: ${why(err)}. Retry.`);
    }
    if (!info) return failed(`${hostname} is not registered yet. Buy it at your registrar, then retry.`);
    const purchase = {
      registrar: 'manual' as const,
      hostname,
      attempted_at: epochNow(),
      bought: true,
      order_id: null,
      charged: null,
    };
    return done(`${hostname} is registered at ${info.registrar?.name ?? 'its registrar'}`, id('live'), {
      facts: [fact('Registrar', info.registrar?.name), fact('Expires', day(info.expirationDate))],
      outcome: { purchase },
    });
  }
  const api = ports.registrar;
  if (!api)
    return failed(
      'Namecheap is not configured (NAMECHEAP_API_USER, NAMECHEAP_API_KEY): go back and choose another registrar.',
    );
  let owned;
  try {
    owned = await api.owned(hostname);
  } catch (err) {
    return failed(
      `Could not ask ${api.label} whether ${hostname} is already bought: ${why(err)}. Nothing was bought; retry.`,
    );
  }
  if (owned) {
    const purchase = {
      registrar: 'namecheap' as const,
      hostname,
      attempted_at: earlier?.attempted_at ?? epochNow(),
      bought: true,
      order_id: null,
      charged: null,
    };
    return done(
      `${hostname} is in the ${api.label} account already${earlier ? ': the earlier attempt went through' : ''}. Not bought again.`,
      id('live'),
      {
        facts: [fact('Nameservers', owned.nameservers.join(', ') || null)],
        outcome: { purchase },
      },
    );
  }
  const attempt = {
    registrar: 'namecheap' as const,
    hostname,
    attempted_at: epochNow(),
    bought: false,
    order_id: null,
    charged: null,
  };
  await remember({ purchase: attempt });
  try {
    const order = await api.buy(hostname, draft.choices.years);
    const purchase = { ...attempt, bought: true, order_id: order.orderId, charged: order.charged };
    return done(
      `${hostname} is bought for ${draft.choices.years} year${draft.choices.years > 1 ? 's' : ''}`,
      id('live'),
      {
        facts: [fact('Order', order.orderId), fact('Charged', order.charged)],
        outcome: { purchase },
      },
    );
  } catch (err) {
    if (err instanceof LaunchError && err.unknownOutcome) {
      return failed(
        `${api.label} did not answer the purchase of ${hostname} (${err.message}); whether it went through is unknown. Retry: the retry looks it up first and never buys twice.`,
      );
    }
    return failed(`${api.label} did not buy ${hostname}: ${why(err)}`);
  }
};

const answerFacts = (a: SiteAnswer): WizardFact[] => [
  fact('Answer', `HTTP ${a.status}`),
  fact('URL', a.url),
  fact('Address', a.address),
  fact('Server', a.server),
  fact('Title', a.title),
];

/** The site's URL from the draft: https unless SSL was turned off at step 0. */
export const siteUrl = (draft: DraftRow, hostname: string) =>
  `${draft.info.ssl ? 'https' : 'http'}://${hostname}/`;

/** Step 4: does the domain already answer on the web (a parked page, an old site)? Informational. */
const live: Step = async ({ draft, hostname, ports }) => {
  try {
    const a = await ports.fetchSite(siteUrl(draft, hostname), null);
    return done(
      `${hostname} answers with HTTP ${a.status}${a.title ? ` (“${a.title}”)` : ''}`,
      id('dns_access'),
      {
        facts: answerFacts(a),
      },
    );
  } catch (err) {
    return done(
      `${hostname} does not answer on the web yet (${why(err)}), as expected of a new domain`,
      id('dns_access'),
      {
        facts: [fact('Answer', 'none')],
      },
    );
  }
};

const sameSet = (a: string[], b: string[]) => {
  const x = new Set(a.map((s) => s.toLowerCase().replace(/\.$/, '')));
  const y = new Set(b.map((s) => s.toLowerCase().replace(/\.$/, '')));
  return x.size === y.size && [...x].every((v) => y.has(v));
};

/**
 * Step 5: the DNS must be at a provider Sitefleet drives. The domain's zone is found or created at
 * Cloudflare; a domain in the registrar account gets Cloudflare's nameservers set through the registrar's
 * API; a domain bought elsewhere must already use them (the step says which to set).
 */
const dnsAccess: Step = async ({ draft, hostname, ports, remember }) => {
  const dns = ports.dns;
  if (!dns) {
    return failed(
      'Cloudflare is not configured (CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID): Sitefleet cannot edit the DNS of new domains. Configure it, then retry.',
    );
  }
  let zone = draft.outcome.zone;
  if (!zone) {
    try {
      const z = await dns.ensureZone(hostname);
      zone = { id: z.id, name_servers: z.nameServers, status: z.status };
      await remember({ zone });
    } catch (err) {
      return failed(`${dns.label} did not set up the zone of ${hostname}: ${why(err)}. Retry.`);
    }
  }
  const facts = [fact(`${dns.label} zone`, zone.id), fact('Its nameservers', zone.name_servers.join(', '))];
  const atRegistrar =
    ports.registrar &&
    (draft.outcome.purchase?.registrar === 'namecheap' || draft.outcome.availability?.ours);
  if (ports.registrar && atRegistrar) {
    try {
      const held = await ports.registrar.owned(hostname);
      if (held) {
        if (!sameSet(held.nameservers, zone.name_servers)) {
          await ports.registrar.setNameservers(hostname, zone.name_servers);
          facts.push(fact(`Set at ${ports.registrar.label}`, zone.name_servers.join(', ')));
        } else facts.push(fact(`At ${ports.registrar.label}`, 'already set'));
        return done(`The DNS of ${hostname} is at ${dns.label}`, id('install'), { facts, outcome: { zone } });
      }
    } catch (err) {
      return failed(
        `Could not set the nameservers of ${hostname} at ${ports.registrar.label}: ${why(err)}. Retry.`,
        { facts },
      );
    }
  }
  let current: string[];
  try {
    current = (await ports.lookupDns(hostname))
      .filter((r) => r.type === 'NS' && r.target)
      .map((r) => r.target!);
  } catch (err) {
    return failed(`Could not read the nameservers of ${hostname}: ${why(err)}. Retry.`, { facts });
  }
  facts.push(fact('Nameservers now', current.join(', ') || 'none'));
  if (current.length && sameSet(current, zone.name_servers)) {
    return done(`The DNS of ${hostname} is at ${dns.label}`, id('install'), { facts, outcome: { zone } });
  }
  return failed(
    `The nameservers of ${hostname} are ${current.join(', ') || 'not set'}. Set them to ${zone.name_servers.join(' and ')} at the registrar, then retry (the change can take a few hours to show).`,
    { facts, outcome: { zone } },
  );
};

/** Step 6: the install choice was checked and stored with the input. */
const install: Step = async ({ draft }) =>
  done(
    draft.choices.fresh_install ? 'A fresh WordPress will be installed' : 'No fresh install',
    id('server'),
    {
      facts: [fact('Fresh install', draft.choices.fresh_install)],
    },
  );

/**
 * Step 7: the server and IP were checked with the input; with a fresh install, the WordPress web app is found
 * (an earlier attempt's) or created on the server's RunCloud counterpart. Its creation is never repeated
 * blindly: the attempt is committed first, and a lost answer is looked up by name on the retry.
 */
const server: Step = async ({ draft, hostname, ports, records, remember }) => {
  const place = await records.placement(draft.choices.server_id!, draft.choices.ip_address_id!);
  const facts = [fact('Server', place.serverName), fact('IP address', place.ip)];
  if (!draft.choices.fresh_install) {
    return done(`${hostname} goes on ${place.serverName}, ${place.ip}`, id('save'), { facts });
  }
  const hosting = ports.hosting;
  if (!hosting || place.runcloudServerId === null) {
    return failed(
      'A fresh install needs RunCloud and a server linked to it: go back and choose no fresh install, or another server.',
      { facts },
    );
  }
  const rc = place.runcloudServerId;
  const name = webappNameFor(hostname);
  const earlier = draft.outcome.webapp?.server_id === place.serverId ? draft.outcome.webapp : undefined;
  let webapp = earlier;
  try {
    if (!webapp?.id) {
      const found = await hosting.findWebapp(rc, name);
      if (found) {
        webapp = {
          server_id: place.serverId,
          runcloud_server_id: rc,
          id: found.id,
          attempted_at: earlier?.attempted_at ?? epochNow(),
        };
        facts.push(fact('Found', earlier ? 'created by the earlier attempt' : 'already on the server'));
      } else {
        const attempt = {
          server_id: place.serverId,
          runcloud_server_id: rc,
          id: null,
          attempted_at: epochNow(),
        };
        await remember({ webapp: attempt });
        const created = await hosting.createWordPress(rc, {
          name,
          domain: hostname,
          title: draft.info.friendly_name ?? hostname,
          adminEmail: await records.ownerEmail(draft),
        });
        webapp = { ...attempt, id: created.id };
      }
    }
  } catch (err) {
    const lost = err instanceof LaunchError && err.unknownOutcome;
    return failed(
      lost
        ? `RunCloud did not answer (${err.message}); whether the web app was created is unknown. Retry: it is looked up first, never created twice.`
        : `RunCloud: ${why(err)}. Retry.`,
      { facts },
    );
  }
  facts.push(fact('RunCloud web app', `${name} (#${webapp.id})`), fact('WordPress', 'set up'));
  return done(`WordPress is set up for ${hostname} on ${place.serverName}`, id('save'), {
    facts,
    outcome: { webapp },
  });
};

/** Step 8: the domain and the website are recorded (found again when an earlier attempt recorded them). */
const save: Step = async ({ draft, hostname, records }) => {
  try {
    const saved = await records.saveSite(draft, hostname);
    return done(`${hostname} is saved as website #${saved.websiteId}`, id('dns'), {
      facts: [
        fact('Website', `#${saved.websiteId}`),
        fact('Domain', `#${saved.domainId}`),
        fact('Created now', saved.created),
      ],
      links: { website_id: saved.websiteId, domain_id: saved.domainId },
    });
  } catch (err) {
    return failed(`The website was not saved: ${why(err)}`);
  }
};

/** Step 9: A records of the domain and www to the chosen IP, at the DNS provider. */
const dnsRecords: Step = async ({ draft, hostname, ports, records }) => {
  const zone = draft.outcome.zone;
  if (!ports.dns || !zone)
    return failed('The DNS zone is not set up: go back to “Check if we can edit DNS”.');
  const place = await records.placement(draft.choices.server_id!, draft.choices.ip_address_id!);
  try {
    const r = await ports.dns.pointTo(zone.id, hostname, place.ip);
    return done(`${hostname} and www.${hostname} point to ${place.ip}`, id('notify'), {
      facts: [
        fact('Changed', r.changed.join(', ') || 'nothing'),
        fact('Already right', r.kept.join(', ') || 'nothing'),
      ],
      outcome: { dns: { ip: place.ip, records: [...r.changed, ...r.kept] } },
    });
  } catch (err) {
    return failed(`${ports.dns.label} did not set the records: ${why(err)}. Retry.`);
  }
};

/** Step 10: one notification to the IT role (sent once; a retry finds it). */
const notify: Step = async ({ draft, hostname, records }) => {
  if (draft.notification_id) {
    return done('The IT team was notified already', id('working'), {
      facts: [fact('Notification', `#${draft.notification_id}`)],
    });
  }
  try {
    const sent = await records.notifyIt(draft, hostname);
    return done(`The IT team is notified`, id('working'), {
      facts: [fact('Notification', `#${sent.id}`), fact('Recipients', sent.role)],
      links: { notification_id: sent.id },
    });
  } catch (err) {
    return failed(`The notification was not sent: ${why(err)}. Retry.`);
  }
};

/**
 * Step 11: the chosen IP answers for the domain (the connection is pinned to it, so the check does not wait
 * for DNS to spread). With SSL, HTTPS is tried first; a site answering on HTTP only passes with that said.
 */
const working: Step = async ({ draft, hostname, ports, records }) => {
  const place = await records.placement(draft.choices.server_id!, draft.choices.ip_address_id!);
  const tried: string[] = [];
  for (const url of draft.info.ssl
    ? [siteUrl(draft, hostname), `http://${hostname}/`]
    : [siteUrl(draft, hostname)]) {
    try {
      const a = await ports.fetchSite(url, place.ip);
      if (a.status >= 500) {
        tried.push(`${url}: HTTP ${a.status}`);
        continue;
      }
      const note =
        url.startsWith('http:') && draft.info.ssl
          ? ' over HTTP; HTTPS is not served yet (its certificate may be pending)'
          : '';
      return done(`${hostname} answers at ${place.ip} with HTTP ${a.status}${note}`, 'completed', {
        facts: answerFacts(a),
      });
    } catch (err) {
      tried.push(`${url}: ${why(err)}`);
    }
  }
  return failed(
    `${hostname} does not answer at ${place.ip}: ${tried.join('; ')}. Retry once the site is up.`,
  );
};

export const STEP_RUNNERS: Record<WizardStepKey, Step> = {
  info,
  availability,
  registrar,
  buy,
  live,
  dns_access: dnsAccess,
  install,
  server,
  save,
  dns: dnsRecords,
  notify,
  working,
};
