/** Steps 0 to 3: the site's information, the name's availability, the registrar and the purchase. */
import { type WizardFact } from '@sitefleet/shared';
import { epochNow } from '../../../core/time.js';
import { LaunchError, type LaunchPorts } from './ports.js';
import { day, done, fact, failed, id, why, type Step } from './step-kit.js';

/** Step 0: the information was checked and stored with the input; nothing outside runs. */
export const info: Step = async ({ draft, hostname }) =>
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
export const availability: Step = async ({ hostname, ports, records }) => {
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
export const registrar: Step = async ({ draft }) =>
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
export const buy: Step = async ({ draft, hostname, ports, remember }) => {
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
