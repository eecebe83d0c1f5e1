import type { Config } from '../config.js';
import type { SafeFetch } from './http/safe-fetch.js';
import { createSmtpMailer } from './mail/smtp.js';
import type { Mailer } from './mail/types.js';
import { createTwilioSms } from './sms/twilio.js';
import type { SmsSender } from './sms/types.js';

/**
 * The alert channels the configuration enables; null for a channel left unset. A channel that is only
 * half configured stops start-up, rather than every alert on it failing later.
 */
export function createDeliveryClients(
  config: Config,
  fetch: SafeFetch,
): { mailer: Mailer | null; sms: SmsSender | null } {
  const { smtp, twilio } = config;
  let mailer: Mailer | null = null;
  if (smtp.host) {
    if (smtp.user && !smtp.password) throw new Error('SMTP_USER is set but SMTP_PASSWORD is not');
    if (smtp.password && !smtp.user) throw new Error('SMTP_PASSWORD is set but SMTP_USER is not');
    mailer = createSmtpMailer({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      user: smtp.user,
      password: smtp.password,
      from: smtp.from,
    });
  }
  let sms: SmsSender | null = null;
  if (twilio.accountSid) {
    if (!twilio.authToken) throw new Error('TWILIO_ACCOUNT_SID is set but TWILIO_AUTH_TOKEN is not');
    if (!twilio.from && !twilio.messagingServiceSid)
      throw new Error(
        'TWILIO_ACCOUNT_SID is set but there is no sender: set TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID',
      );
    sms = createTwilioSms(
      {
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        from: twilio.from,
        messagingServiceSid: twilio.messagingServiceSid,
        apiUrl: twilio.apiUrl,
      },
      fetch,
    );
  }
  return { mailer, sms };
}
