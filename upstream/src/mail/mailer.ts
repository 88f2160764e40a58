import nodemailer from 'nodemailer';
import type { Locale } from '@evt/contracts/locale';
import type { Db, Queryable } from '../db/db';
import type { Logger } from '../logger';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  locale: Locale;
  /** extra headers (List-Unsubscribe of mailings) */
  headers?: Record<string, string>;
  attachments?: readonly MailAttachment[];
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  /**
   * Sends one mail. `tx`: the outbox row is written in that transaction (a mailing records the recipient's
   * state in the same one); SMTP ignores it. A refusal by the SMTP server rejects with the server's answer.
   */
  send(message: MailMessage, tx?: Queryable): Promise<void>;
  close(): void;
}

/** The SMTP server's own answer of a failed send (e.g. `550 5.1.1 No such user`), else the error's message. */
export function smtpReason(error: unknown): string {
  const e = error as { response?: unknown; message?: unknown };
  const text = typeof e?.response === 'string' ? e.response : String(e?.message ?? error);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we drop
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 500);
}

/**
 * SMTP when a URL is configured (e.g. smtp://user:pass@host:587); otherwise rows of the outbox table.
 */
export function createMailer(
  db: Db,
  logger: Logger,
  smtpUrl?: string,
  from = 'no-reply@events.example',
): Mailer {
  if (smtpUrl) {
    // one connection per mail: a pool (`?pool=true` in SMTP_URL, nodemailer's own option) is faster, but
    // a pooled connection the server drops left sends hanging in our runs
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(m) {
        await transport.sendMail({
          from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          headers: m.headers,
          attachments: m.attachments?.map((a) => ({ ...a })),
        });
        // never the address: it is personal data, and logs outlive mailboxes
        logger.info({ subject: m.subject }, 'mail sent by SMTP');
      },
      close() {
        transport.close();
      },
    };
  }
  return {
    kind: 'outbox',
    async send(m, tx) {
      await (tx ?? db).query(
        'INSERT INTO outbox (to_address, subject, text, html, locale, headers, attachments) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [
          m.to,
          m.subject,
          m.text,
          m.html,
          m.locale,
          JSON.stringify(m.headers ?? {}),
          JSON.stringify(
            (m.attachments ?? []).map((a) => ({
              filename: a.filename,
              contentType: a.contentType,
              size: a.content.length,
            })),
          ),
        ],
      );
    },
    close() {},
  };
}
