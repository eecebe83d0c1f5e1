import { actions, type ActionResponse } from '@sitefleet/shared';
import { formatTime } from '../../common/format/dates';
import { type ActionColumn } from '../../common/list/ActionTable';
import { RecordActionTable } from '../../common/list/RecordActionTable';

const spec = actions.backlinks.affiliateLinkChanges;
type Answer = ActionResponse<typeof spec>;
type Change = Answer['data'][number];

const FIELD_LABELS: Record<string, string> = {
  permalink: 'Permalink',
  redirect_to: 'Redirect to',
  redirection_type: 'Redirection type',
  casino_name: 'Casino name',
};

const BREAK = { wordBreak: 'break-all' } as const;
const COLUMNS: Array<ActionColumn<Change>> = [
  { label: 'When', render: (c) => formatTime(c.changed_at), sx: { whiteSpace: 'nowrap' } },
  { label: 'Field', render: (c) => FIELD_LABELS[c.field] ?? c.field },
  { label: 'Before', render: (c) => c.old_value ?? '—', sx: BREAK },
  { label: 'After', render: (c) => c.new_value ?? '—', sx: BREAK },
  { label: 'By', render: (c) => c.user_name ?? 'System' },
];

const rowsOf = (answer: Answer) => answer.data;

/** SPEC §2.5 affiliate links Changes: each change of the path, target, type or name, newest first. */
export const AffiliateChanges = (_: { label?: false }) => (
  <RecordActionTable
    spec={spec}
    input={(id) => ({ params: { id } })}
    queryKey={(r) => ['affiliate-link', r.id, 'changes', r.version]}
    rows={rowsOf}
    columns={COLUMNS}
    rowKey={(c) => c.id}
    label="Changes"
    empty="No changes recorded."
    rowTestId="affiliate-change"
  />
);
