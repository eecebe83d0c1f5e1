/**
 * The steps that build the site: the install choice (6), the server and its web app (7), the inventory
 * records (8) and the IT team's notification (10).
 */
import { epochNow } from '../../../core/time.js';
import { webappNameFor } from '../../../integrations/runcloud/index.js';
import { LaunchError } from './ports.js';
import { done, fact, failed, id, why, type Step } from './step-kit.js';

/** Step 6: the install choice was checked and stored with the input. */
export const install: Step = async ({ draft }) =>
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
export const server: Step = async ({ draft, hostname, ports, records, remember }) => {
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
export const save: Step = async ({ draft, hostname, records }) => {
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

/** Step 10: one notification to the IT role (sent once; a retry finds it). */
export const notify: Step = async ({ draft, hostname, records }) => {
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
