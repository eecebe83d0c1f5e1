import { CHECKER_LIMITS } from '@sitefleet/shared';
import { CheckerForm } from './CheckerForm';
import type { ListFieldDef } from './ListField';

const LISTS: ListFieldDef[] = [
  {
    source: 'domains',
    delimiterSource: 'domain_delimiter',
    label: 'Domains',
    noun: 'domain',
    max: CHECKER_LIMITS.maxDomains,
    placeholder: 'example.com',
  },
];

/** SPEC §2.5 deindex checker: is each domain still in the search index? */
export const DeindexCheckerPage = () => (
  <CheckerForm
    checker="deindex"
    title="Deindex checker"
    description="Checks whether each domain is still indexed by the search engine. The results come in as a cron run."
    lists={LISTS}
    defaultValues={{ domains: '', domain_delimiter: 'newline' }}
  />
);
