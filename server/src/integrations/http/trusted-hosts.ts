import { isIP } from 'node:net';

/**
 * The addresses an API client's own outbound client may reach although they are private: its configured
 * base URL's, when it names an address or `localhost` (Ollama on the same machine, a registrar's sandbox). The base URL is the
 * operator's configuration, not user input; user-supplied URLs go through the shared client, which keeps
 * refusing them. A host name resolving to a private address still needs OUTBOUND_ALLOW_HOSTS.
 */
export function trustedHosts(baseUrl: string | null): string[] {
  if (!baseUrl || !URL.canParse(baseUrl)) return [];
  const host = new URL(baseUrl).hostname.replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return ['127.0.0.1', '::1'];
  return isIP(host) ? [host] : [];
}
