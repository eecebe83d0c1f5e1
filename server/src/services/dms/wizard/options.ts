/**
 * The choices a launch's current step offers: the registrars at step 2 (which can be used now, and the
 * quoted price), the servers and their IPs at step 7, with the figures of the IP diversity report (sites on
 * the IP, sites in its subnet) so the pick spreads the network.
 */
import {
  WIZARD_REGISTRAR_LABELS,
  WIZARD_REGISTRARS,
  WIZARD_STEPS,
  type WizardDraft,
  type WizardServerOption,
} from '@sitefleet/shared';
import { sql, type SqlFragment } from '../../../core/sql.js';
import type { Queryable } from '../../../db/db.js';
import { ipUsage } from '../ip-usage-repository.js';
import { subnetOf } from '../subnets.js';
import type { DraftRow } from './draft-repository.js';
import { registrarRefusal } from './input.js';
import type { LaunchPorts } from './ports.js';

export interface Visible {
  servers: SqlFragment;
  ips: SqlFragment;
  websites: SqlFragment;
}

interface IpRow {
  id: number;
  ip: string;
  provider: string | null;
  location: string | null;
}

async function serverOptions(db: Queryable, visible: Visible): Promise<WizardServerOption[]> {
  const q = sql`SELECT s.id, s.name, s.runcloud_server_id,
      (SELECT count(*) FROM websites w WHERE w.server_id = s.id AND w.status <> 'DELETED') AS websites,
      coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'ip', i.ip_address, 'provider', i.provider,
        'location', i.location) ORDER BY i.ip_address) FILTER (WHERE i.id IS NOT NULL), '[]') AS ips
    FROM servers s
    LEFT JOIN ip_addresses i ON i.server_id = s.id AND i.id IN (${visible.ips})
    WHERE s.id IN (${visible.servers})
    GROUP BY s.id ORDER BY s.name, s.id`.query();
  const servers = (
    await db.query<{
      id: number;
      name: string;
      runcloud_server_id: number | null;
      websites: number;
      ips: IpRow[] | string;
    }>(q.text, q.values)
  ).rows;
  const usage = await ipUsage(db, { ips: visible.ips, websites: visible.websites });
  const sitesOnIp = new Map(usage.map((u) => [u.ip_address, u.site_ids.length]));
  const sitesInSubnet = new Map<string, number>();
  for (const u of usage) {
    const subnet = subnetOf(u.ip_address, 'narrow') ?? u.ip_address;
    sitesInSubnet.set(subnet, (sitesInSubnet.get(subnet) ?? 0) + u.site_ids.length);
  }
  return servers.map((s) => ({
    id: Number(s.id),
    name: s.name,
    runcloud: s.runcloud_server_id !== null,
    websites: Number(s.websites),
    ip_addresses: (typeof s.ips === 'string' ? (JSON.parse(s.ips) as IpRow[]) : s.ips).map((i) => {
      const subnet = subnetOf(i.ip, 'narrow') ?? i.ip;
      return {
        id: Number(i.id),
        ip: i.ip,
        sites: sitesOnIp.get(i.ip) ?? 0,
        subnet,
        subnet_sites: sitesInSubnet.get(subnet) ?? 0,
        provider: i.provider,
        location: i.location,
      };
    }),
  }));
}

export async function stepOptions(
  db: Queryable,
  draft: DraftRow,
  ports: LaunchPorts,
  visible: Visible,
): Promise<WizardDraft['options']> {
  const key = draft.status === 'completed' ? null : WIZARD_STEPS[draft.step]!.key;
  if (key === 'registrar') {
    return {
      registrars: WIZARD_REGISTRARS.map((k) => {
        const reason = registrarRefusal(k, ports, draft.outcome);
        return {
          key: k,
          label: WIZARD_REGISTRAR_LABELS[k],
          available: reason === null,
          reason,
          price: k === 'namecheap' ? (draft.outcome.availability?.price ?? null) : null,
        };
      }),
      servers: [],
    };
  }
  if (key === 'server') return { registrars: [], servers: await serverOptions(db, visible) };
  return { registrars: [], servers: [] };
}
