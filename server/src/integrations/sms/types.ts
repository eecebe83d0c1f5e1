export interface SmsMessage {
  /** E.164 number: +4915112345678. */
  to: string;
  body: string;
}

export interface SmsSender {
  /** Resolves with the provider's message id and initial status; throws DeliveryError otherwise. */
  send(message: SmsMessage): Promise<{ id: string; status: string }>;
}
