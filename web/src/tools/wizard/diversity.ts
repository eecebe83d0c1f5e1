import type { WizardServerOption } from './types';

/** Whether a server can take the launch: a fresh install needs a server linked to RunCloud. */
export const serverUsable = (server: WizardServerOption, freshInstall: boolean | null) =>
  !freshInstall || server.runcloud;

/**
 * The IPs to recommend (the diversity hint): among the usable servers' IPs, those whose subnet holds the
 * fewest of the network's sites.
 */
export function diverseIps(
  servers: readonly WizardServerOption[],
  freshInstall: boolean | null,
): Set<number> {
  const ips = servers.filter((s) => serverUsable(s, freshInstall)).flatMap((s) => s.ip_addresses);
  if (!ips.length) return new Set();
  const fewest = Math.min(...ips.map((ip) => ip.subnet_sites));
  return new Set(ips.filter((ip) => ip.subnet_sites === fewest).map((ip) => ip.id));
}
