import { resources } from '@sitefleet/shared';
import { TabbedShowLayout, useRecordContext } from 'react-admin';
import { ExternalLink } from '../../common/fields/ExternalLink';
import { RecordValue } from '../../common/fields/RecordValue';
import { ReferenceLink } from '../../common/fields/ReferenceLink';
import { RecordShow } from '../../common/record/RecordShow';
import { Section } from '../../common/record/Section';
import { linkTarget } from '../../layout/bell/links';
import {
  IMPORTANCE_COLORS,
  IMPORTANCE_LABELS,
  RESOLVED_COLORS,
  RESOLVED_LABELS,
  TYPE_COLORS,
  TYPE_LABELS,
} from './labels';
import { SafeHtml } from './SafeHtml';

/** The stored message, sanitised again before it is drawn. */
const Message = (_: { label: string; wide: boolean }) => {
  const record = useRecordContext();
  return (
    <SafeHtml
      html={typeof record?.message === 'string' ? record.message : ''}
      testId="notification-message"
    />
  );
};

/** A console link (#/…) is shown as it is; http(s) links open in a new tab. */
const LinkValue = (_: { label: string }) => {
  const link = useRecordContext()?.link;
  const target = linkTarget(typeof link === 'string' ? link : null);
  if (target?.kind === 'console') return <a href={`#${target.to}`}>{String(link)}</a>;
  return <ExternalLink url={link} />;
};

export const NotificationShow = () => (
  <RecordShow>
    <TabbedShowLayout.Tab label="Overview">
      <Section>
        <RecordValue source="title" label="Title" />
        <RecordValue source="type" label="Type" kind="choice" labels={TYPE_LABELS} colors={TYPE_COLORS} />
        <LinkValue label="Link" />
        <ReferenceLink source="user_id" label="User" reference={resources.users.path} optionText="email" />
        <ReferenceLink source="recipients" label="Recipients (role)" reference={resources.roles.path} />
        <ReferenceLink
          source="website_id"
          label="Website"
          reference={resources.websites.path}
          optionText="hostname"
        />
        <RecordValue
          source="importance"
          label="Importance"
          kind="choice"
          labels={IMPORTANCE_LABELS}
          colors={IMPORTANCE_COLORS}
        />
        <RecordValue
          source="resolved"
          label="Resolved"
          kind="choice"
          labels={RESOLVED_LABELS}
          colors={RESOLVED_COLORS}
        />
        <ReferenceLink
          source="created_by"
          label="Sent by"
          reference={resources.users.path}
          optionText="email"
        />
        <Message label="Message" wide />
      </Section>
    </TabbedShowLayout.Tab>
  </RecordShow>
);
