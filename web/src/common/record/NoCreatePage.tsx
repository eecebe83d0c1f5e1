import BlockOutlined from '@mui/icons-material/BlockOutlined';
import { Box, Button, Card, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

export const cannotCreate = (label: string) => `${label} cannot be created here`;

/**
 * What `#/{resource}/create` shows for a resource without a create screen. Without it the route would
 * reach the edit screen (`create` taken for an id, and fetched) or silently fall back to the list.
 */
export const NoCreatePage = ({ resource, label }: { resource: string; label: string }) => (
  <Card sx={{ mt: 2 }} data-testid="no-create">
    <Title title={cannotCreate(label)} />
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <BlockOutlined sx={{ fontSize: 48, color: 'text.secondary', opacity: 0.6 }} />
      <Typography variant="h6" component="h1" sx={{ mt: 1 }}>
        {cannotCreate(label)}
      </Typography>
      <Button component={RouterLink} to={`/${resource}`} variant="outlined" sx={{ mt: 3 }}>
        Back to {label}
      </Button>
    </Box>
  </Card>
);
