import type { ReactNode } from 'react';
import { Show, TabbedShowLayout } from 'react-admin';
import { DateCards } from './DateCards';
import { RecordTitle } from './RecordTitle';
import { ShowActions } from './ShowActions';

interface Props {
  /** <TabbedShowLayout.Tab> elements; only the selected one is mounted (the first is selected at first). */
  children: ReactNode;
  duplicate?: boolean;
  /** Buttons shown before Edit and Delete (open the site, hosting panel…). */
  actions?: ReactNode;
}

/** A record page: actions, Created at / Updated at cards, and lazily mounted tabs. */
export const RecordShow = ({ children, duplicate, actions }: Props) => (
  <Show title={<RecordTitle />} actions={<ShowActions duplicate={duplicate} extra={actions} />}>
    <DateCards />
    <TabbedShowLayout>{children}</TabbedShowLayout>
  </Show>
);
