import type { Config } from '../config.js';
import { pruneCommands, purgeSignInAttempts } from '../jobs/maintenance.js';
import type { CommandDef } from '../jobs/types.js';
import { affiliateLinksCheck } from './dms/backlinks/affiliate.js';
import { backlinksCheck } from './dms/backlinks/command.js';
import { serviceDiscoveryCheck } from './dms/service-discovery/command.js';
import { staticCommands } from './dms/static-site/command.js';
import { contentCommands } from './dms/content/commands.js';
import { footprintCompute } from './dms/footprint/command.js';
import { ratesRefresh } from './dms/providers/rates-command.js';
import { hostingCommands } from './dms/hosting/index.js';
import { deindexCheck } from './dms/commands/deindex-check.js';
import { domainsRefresh } from './dms/commands/domains-refresh.js';
import { expirationAlerts } from './dms/commands/expiration-alerts.js';
import { keywordCheck } from './dms/commands/keyword-check.js';
import { websiteScan } from './dms/commands/website-scan.js';
import { pruneMonitorHistory } from './umms/commands/monitors-prune.js';
import { seoCommands } from './dms/seo/imports.js';
import { wordpressCommands } from './dms/wordpress/commands.js';

/** Every command the job engine runs, in one list (ARCHITECTURE §5). */
export function allCommands(_config: Config): CommandDef[] {
  return [
    ...pruneCommands,
    purgeSignInAttempts,
    domainsRefresh,
    expirationAlerts,
    deindexCheck,
    keywordCheck,
    backlinksCheck,
    affiliateLinksCheck,
    serviceDiscoveryCheck,
    ...staticCommands,
    ...contentCommands,
    ratesRefresh,
    footprintCompute,
    websiteScan,
    pruneMonitorHistory,
    ...wordpressCommands,
    ...hostingCommands,
    ...seoCommands,
  ];
}
