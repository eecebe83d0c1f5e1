import { STATIC_OPERATION_LABELS, type StaticOperation } from '@sitefleet/shared';
import type { StaticTarget } from './repository.js';

/**
 * Which static operations a website allows (SPEC §4): only LINK websites have a static mode. Without a RunCloud
 * alias and still on WordPress, a site can be converted; with an alias (the static copy's web app) or once
 * static, its WordPress changes can be published and it can be rolled back; a site on WordPress has nothing to
 * roll back.
 */

/** Why the operation is refused for this website, or null when it may run. */
export function refusal(operation: StaticOperation, t: StaticTarget): string | null {
  if (t.type !== 'LINK') return `Static mode is for LINK websites only: ${t.hostname} is a ${t.type} website`;
  const hasAlias = t.aliasId !== null;
  switch (operation) {
    case 'convert':
      if (t.state === 'static')
        return `${t.hostname} is static already: publish its static changes or roll it back`;
      if (hasAlias)
        return `${t.hostname} has a RunCloud alias (${t.aliasId}) for its static copy: publish its static changes instead`;
      return null;
    case 'publish':
      if (t.state === 'wordpress' && !hasAlias)
        return `${t.hostname} is not static yet: convert it to static first`;
      return null;
    case 'rollback':
      if (t.state === 'wordpress')
        return `${t.hostname} is served by WordPress: there is nothing to roll back`;
      return null;
    default:
      return `Unknown static operation ${String(operation)}`;
  }
}

/** The operations the 'static generator' action offers a website now. */
export function offered(t: StaticTarget): StaticOperation[] {
  return (Object.keys(STATIC_OPERATION_LABELS) as StaticOperation[]).filter((op) => refusal(op, t) === null);
}

/** Where WordPress answers for the crawl: as told, as stored, the WordPress connection's, else the website's URL. */
export function originOf(t: StaticTarget, told: string | null): string {
  return told || t.originUrl || t.connectionUrl || t.url;
}
