/** An e-mail the server sends (alerts); plain text always, HTML optional. */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Resolves once the relay accepted the message for every recipient; throws DeliveryError otherwise. */
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): Promise<void>;
}
