import type { Validator } from 'react-admin';

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

/** SPEC §5: the topic is required for the OpenAI type. */
export const topicRequired: Validator = (value: unknown, values: Record<string, unknown>) =>
  values.form_type === 'openai' && !filled(value) ? 'ra.validation.required' : undefined;

/** Save stays disabled until the required fields are filled (SPEC §5). */
export const canSaveContent = (v: Record<string, unknown>): boolean =>
  Boolean(v.form_type) && Boolean(v.language) && (v.form_type !== 'openai' || filled(v.topic));
