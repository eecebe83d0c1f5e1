import type { ReactNode } from 'react';
import { Show, TabbedShowLayout } from 'react-admin';
import { DateCards } from './DateCards';
import { RecordTitle } from './RecordTitle';
import { ShowActions } from './ShowActions';

interface Props {
  /** <TabbedShowLayout.Tab> elements; only the selected one is mounted (the first is selected at first). */
  children: ReactNode;
  duplicate?: boolean;
}

/** A record page: actions, Created at / Updated at cards, and lazily mounted tabs. */
export const RecordShow = ({ children, duplicate }: Props) => (
  <Show title={<RecordTitle />} actions={<ShowActions duplicate={duplicate} />}>
    <DateCards />
    <TabbedShowLayout>{children}</TabbedShowLayout>
  </Show>
);
