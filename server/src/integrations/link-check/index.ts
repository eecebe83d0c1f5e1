/**
 * Checks of bought backlinks (issue 18): is the link on the page, to the right address, with the anchor and
 * rel paid for, on a page search engines may index; and what changed since the last check.
 */
export { LINK_CHECK_STATUSES, type LinkCheckStatus } from '@sitefleet/shared';
export { checkLink, STATUS_PRECEDENCE } from './check.js';
export { anchorProblem, relProblem } from './judge.js';
export { compareChecks } from './compare.js';
export { parseRobots, RobotsCache, robotsAllows, type RobotsTxt } from './robots.js';
export { comparableUrl } from './urls.js';
export {
  LINK_RELS,
  type ExpectedLink,
  type LinkCheckOptions,
  type LinkCheckResult,
  type LinkCheckWarning,
  type LinkRel,
  type RobotsStore,
} from './types.js';
