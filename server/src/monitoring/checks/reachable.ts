import { isIP } from 'node:net';
import {
  classifyAddress,
  createAddressPolicy,
  type AddressPolicy,
  type AddressPolicyOptions,
} from '../../integrations/http/address-policy.js';

const article = (label: string) => (/^[aeiou]/i.test(label) ? `an ${label}` : `a ${label}`);

/** The write-time half of the outbound rules, built from the same options as the checks' own policy. */
export interface TargetRule {
  /** Why a monitor's host can never be checked under the current rules, or null when it may be. */
  refusal(host: string): string | null;
}

/**
 * Refuses at save time what every check would refuse at connect time, so the operator reads why on the
 * form rather than in a monitor that is down forever. Only hosts decidable without a DNS lookup are
 * judged here (IP literals, localhost names); a name that resolves to a private address is still refused
 * by each check's connect-time guard.
 */
export function createTargetRule(options: AddressPolicyOptions): TargetRule {
  const policy: AddressPolicy = createAddressPolicy(options);
  return {
    refusal(host) {
      const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
      if (isIP(bare)) {
        try {
          policy.assertAddress(bare);
          return null;
        } catch {
          const verdict = classifyAddress(bare);
          if (!verdict) return `${bare} is refused`;
          return verdict.severity === 'never'
            ? `${bare} is ${article(verdict.label)}; monitors cannot reach it`
            : `${bare} is ${article(verdict.label)}; monitors may not reach it unless an operator adds it to OUTBOUND_ALLOW_HOSTS`;
        }
      }
      try {
        policy.assertHostname(bare);
        return null;
      } catch {
        return `${bare} names this server; monitors may not reach it unless an operator sets OUTBOUND_ALLOW_PRIVATE=true`;
      }
    },
  };
}
