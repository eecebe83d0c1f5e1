import { Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { createScreen } from '../../common/screens/forms';
import { DEPLOY_WEBSITE_ROUTE } from '../../tools/wizard/route';
import { WebsiteInputs } from './WebsiteInputs';

const PlainForm = createScreen(WebsiteInputs, { createTitle: 'Create website' });

/**
 * SPEC §2.5: a website is created with the plain form, or launched with the wizard (SPEC §2.6), which buys
 * the domain, sets up hosting and DNS and then records the site.
 */
export const WebsiteCreate = () => {
  const navigate = useNavigate();
  return (
    <Stack spacing={1} sx={{ mt: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value="plain"
          onChange={(_, value: 'plain' | 'wizard' | null) => {
            if (value === 'wizard') navigate(DEPLOY_WEBSITE_ROUTE);
          }}
          aria-label="How to create the website"
        >
          <ToggleButton value="plain">Plain form</ToggleButton>
          <ToggleButton value="wizard">Wizard</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <PlainForm />
    </Stack>
  );
};
