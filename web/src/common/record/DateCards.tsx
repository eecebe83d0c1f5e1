import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import UpdateOutlined from '@mui/icons-material/UpdateOutlined';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { formatRecordDate } from '../format/dates';
import { NA } from '../format/text';

const DateCard = ({ label, value, icon }: { label: string; value: unknown; icon: ReactNode }) => (
  <Card variant="outlined" sx={{ flex: '1 1 200px', maxWidth: 320 }}>
    <CardContent
      sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1.5, '&:last-child': { pb: 1.5 } }}
    >
      {icon}
      <div>
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid={`date-${label}`}>
          {formatRecordDate(value) ?? NA}
        </Typography>
      </div>
    </CardContent>
  </Card>
);

/** 'Created at' and 'Updated at' cards of every record page (SPEC §2.7). */
export const DateCards = () => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', px: 2, pt: 2 }}>
      <DateCard
        label="Created at"
        value={record.created_at}
        icon={<EventAvailableOutlined color="primary" />}
      />
      <DateCard label="Updated at" value={record.updated_at} icon={<UpdateOutlined color="primary" />} />
    </Stack>
  );
};
