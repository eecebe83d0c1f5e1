/**
 * The steps that ask the web and the DNS: the live check (4), the DNS access (5), the A records (9) and the
 * final check (11).
 */
import { answerFacts, done, fact, failed, id, siteUrl, why, type Step } from './step-kit.js';

/** Step 4: does the domain already answer on the web (a parked page, an old site)? Informational. */
export const live: Step = async ({ draft, hostname, ports }) => {
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
export const dnsAccess: Step = async ({ draft, hostname, ports, remember }) => {
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

/** Step 9: A records of the domain and www to the chosen IP, at the DNS provider. */
export const dnsRecords: Step = async ({ draft, hostname, ports, records }) => {
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

/**
 * Step 11: the chosen IP answers for the domain (the connection is pinned to it, so the check does not wait
 * for DNS to spread). With SSL, HTTPS is tried first; a site answering on HTTP only passes with that said.
 */
export const working: Step = async ({ draft, hostname, ports, records }) => {
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
