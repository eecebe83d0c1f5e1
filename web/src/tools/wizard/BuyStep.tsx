import { Alert } from '@mui/material';
import { WIZARD_REGISTRAR_LABELS } from '@sitefleet/shared';
import { factOf } from './draft';
import { BY_HAND_TEXT, PURCHASE_TEXT } from './messages';
import { StepForm } from './StepForm';
import { Facts } from './StepResult';
import type { StepProps } from './stepProps';

const NONE = 'not chosen';

/** Step 3: what will be bought and for how much; buying is the explicit "Buy {domain}" press. */
export const BuyStep = ({ draft, wizard }: StepProps) => {
  const domain = draft.info.hostname ?? '';
  const { registrar, years } = draft.choices;
  const price = factOf(draft, /price/i);
  return (
    <StepForm
      wizard={wizard}
      sources={['confirm_purchase']}
      defaultValues={{}}
      toInput={() => ({ confirm_purchase: true })}
      submitLabel={`Buy ${domain}`}
    >
      <Facts
        facts={[
          { label: 'Domain', value: domain || NONE },
          { label: 'Registrar', value: registrar ? WIZARD_REGISTRAR_LABELS[registrar] : NONE },
          { label: 'Years', value: String(years) },
          { label: 'Price', value: price ?? 'as the registrar quotes it at purchase' },
        ]}
      />
      {registrar === 'manual' ? (
        <Alert severity="info">{BY_HAND_TEXT}</Alert>
      ) : (
        <Alert severity="warning">{PURCHASE_TEXT}</Alert>
      )}
    </StepForm>
  );
};
