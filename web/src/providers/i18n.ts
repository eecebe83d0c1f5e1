import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { GENERIC_ERROR } from './http';

const messages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    notification: { ...englishMessages.ra.notification, http_error: GENERIC_ERROR },
    message: {
      ...englishMessages.ra.message,
      delete_content: "Are you sure you want to delete this entity? You won't be able to undo your changes!",
    },
  },
};

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
