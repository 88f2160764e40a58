import nodemailer from 'nodemailer';
import type { Locale } from '@evt/contracts/locale';
import type { Db } from '../db/db';
import type { Logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: Locale;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** SMTP when a URL is configured (e.g. smtp://user:pass@host:587); otherwise rows of the outbox table. */
export function createMailer(
  db: Db,
  logger: Logger,
  smtpUrl?: string,
  from = 'no-reply@events.example',
): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        // never the address: it is personal data, and logs outlive mailboxes
        logger.info({ subject: m.subject }, 'mail sent by SMTP');
      },
      close() {
        transport.close();
      },
    };
  }
  return {
    async send(m) {
      await db.query(
        'INSERT INTO outbox (to_address, subject, text, html, locale) VALUES ($1, $2, $3, $4, $5)',
        [m.to, m.subject, m.text, m.html, m.locale],
      );
    },
    close() {},
  };
}
