import { describe, expect, it } from 'vitest';
import { checkForm } from './NotificationDialog';

const row = (keywordId: number | null, position: string, key = keywordId ?? 0) => ({
  key,
  keywordId,
  position,
});

describe('the rank notification form', () => {
  it('sends the keywords with their positions and the normalised recipients', () => {
    expect(checkForm([row(12, '10'), row(7, '3')], ' Desk@Example.com ', '+44 7700 900123')).toEqual({
      body: { keywords: { '12': 10, '7': 3 }, email: 'desk@example.com', phone_number: '+447700900123' },
    });
    expect(checkForm([row(12, '10')], '', '+15550109999')).toEqual({
      body: { keywords: { '12': 10 }, email: null, phone_number: '+15550109999' },
    });
  });

  it('names each field that is wrong', () => {
    expect(checkForm([row(null, '10')], 'a@example.com', '')).toEqual({
      errors: { keywords: 'Pick a keyword on every row (or remove the row)' },
    });
    expect(checkForm([row(12, '10'), row(12, '5', 2)], 'a@example.com', '')).toEqual({
      errors: { keywords: 'A keyword is picked twice' },
    });
    expect(checkForm([row(12, '0')], 'a@example.com', '')).toHaveProperty('errors.keywords');
    expect(checkForm([row(12, '10')], '', '')).toEqual({
      errors: { email: 'Enter an e-mail address or a phone number' },
    });
    expect(checkForm([row(12, '10')], 'nope', '12')).toEqual({
      errors: {
        email: 'Enter an e-mail address',
        phone_number: 'Enter a phone number in international format (+4915112345678)',
      },
    });
  });
});
