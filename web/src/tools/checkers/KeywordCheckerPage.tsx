import { Alert } from '@mui/material';
import { CHECKER_LIMITS, DEFAULT_CHECKER_KEYWORDS } from '@sitefleet/shared';
import { CheckerForm } from './CheckerForm';
import { joinList } from './lists';
import type { ListFieldDef } from './ListField';

export const NO_PROXY_WARNING = 'No proxies are used: do not run this continuously on the same site.';

const LISTS: ListFieldDef[] = [
  {
    source: 'keywords',
    delimiterSource: 'keyword_delimiter',
    label: 'Keywords',
    noun: 'keyword',
    max: CHECKER_LIMITS.maxKeywords,
    defaults: DEFAULT_CHECKER_KEYWORDS,
  },
  {
    source: 'pages',
    delimiterSource: 'page_delimiter',
    label: 'Pages',
    noun: 'page',
    max: CHECKER_LIMITS.maxPages,
    placeholder: 'https://example.com/some-post/',
  },
];

/** SPEC §2.5 keyword checker: which paid-link keywords appear on each page, and where. */
export const KeywordCheckerPage = () => (
  <CheckerForm
    checker="keyword"
    title="Keyword checker"
    description="Fetches each page and looks for the keywords in its text, its link texts and its attributes. The results come in as a cron run."
    lists={LISTS}
    defaultValues={{
      keywords: joinList(DEFAULT_CHECKER_KEYWORDS, 'newline'),
      keyword_delimiter: 'newline',
      pages: '',
      page_delimiter: 'newline',
    }}
  >
    <Alert severity="warning">{NO_PROXY_WARNING}</Alert>
  </CheckerForm>
);
