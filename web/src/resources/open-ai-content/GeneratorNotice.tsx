import { Alert, Box } from '@mui/material';
import { actions } from '@sitefleet/shared';
import { useActionQuery } from '../../common/list/useActionQuery';

/** "gpt-4o-mini at api.openai.com, $0.15 / $0.60 per million tokens (input / output)" */
export function generatorLine(g: {
  model: string | null;
  endpoint: string | null;
  price: { input: number; output: number } | null;
}): string {
  const price = g.price
    ? `$${g.price.input.toFixed(2)} / $${g.price.output.toFixed(2)} per million tokens (input / output)`
    : 'no price configured for this model (OPENAI_PRICES), so articles show no cost';
  return `${g.model ?? ''} at ${g.endpoint ?? ''}, ${price}`;
}

/**
 * Which generator writes the articles, or why none can: the OpenAI-compatible one (model, host, price) or
 * not configured; with `narrativa`, that Narrativa publishes no API (INTEGRATIONS §9).
 */
export const GeneratorNotice = ({ narrativa = false }: { narrativa?: boolean }) => {
  const { data } = useActionQuery(actions.content.contentGenerators, {});
  if (!data) return null;
  const openai = data.data.providers.find((p) => p.form_type === 'openai');
  const nar = data.data.providers.find((p) => p.form_type === 'narrativa');
  return (
    <Box sx={{ display: 'grid', gap: 1, mb: 1 }} data-testid="generator-notice">
      {openai?.available ? (
        <Alert severity="info" variant="outlined">
          Articles are written by the OpenAI-compatible generator: {generatorLine(data.data)}.
        </Alert>
      ) : (
        <Alert severity="warning">{openai?.detail ?? 'No generator is configured'}.</Alert>
      )}
      {narrativa && nar && !nar.available && (
        <Alert severity="warning" data-testid="narrativa-no-api">
          Narrativa publishes no public API (its platform is a web application; API access is arranged with
          its sales team), so schedules of the Narrativa form type cannot write articles: their due articles
          are stored as failed, with this reason. Use the OpenAI-compatible form type; the Narrativa slot is
          kept for an adapter once Narrativa supplies an API contract.
        </Alert>
      )}
    </Box>
  );
};
