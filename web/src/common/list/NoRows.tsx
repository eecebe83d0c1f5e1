import InboxOutlined from '@mui/icons-material/InboxOutlined';
import { Box, Typography } from '@mui/material';

export const NO_ROWS = 'No Rows Found :(';

export const NoRows = () => (
  <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }} data-testid="no-rows">
    <InboxOutlined sx={{ fontSize: 48, opacity: 0.5 }} />
    <Typography variant="body1">{NO_ROWS}</Typography>
  </Box>
);
