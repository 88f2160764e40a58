import { expect } from 'vitest';

/** A mail the embedded upstream put in its development outbox (no SMTP_URL). */
export interface OutboxMessage {
  to: string | string[];
  subject: string;
  text?: string;
  html?: string;
  [key: string]: unknown;
}

/** The outbox JSON the BFF exposes in embedded mode at `/_dev/outbox/messages`. */
export async function readOutbox(baseUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${baseUrl}/_dev/outbox/messages`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`outbox: HTTP ${response.status}`);
  const body = (await response.json()) as
    | OutboxMessage[]
    | { data?: OutboxMessage[]; messages?: OutboxMessage[] };
  return Array.isArray(body) ? body : (body.data ?? body.messages ?? []);
}

/** The confirmation link mailed to `to`, once the mail is in the outbox. */
export async function confirmLinkFor(baseUrl: string, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = await readOutbox(baseUrl);
      const mail = mails.find((m) => (Array.isArray(m.to) ? m.to : [m.to]).includes(to));
      link = mail?.text?.match(/https?:\/\/\S+\/public\/registrations\/confirm\?\S+/)?.[0];
      return Boolean(link);
    })
    .toBe(true);
  return link as string;
}

/** The first link of the latest mail to `to` that `wanted` accepts, once such a mail is in the outbox. */
export async function mailedLink(
  baseUrl: string,
  to: string,
  wanted: (href: string) => boolean,
): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await readOutbox(baseUrl)).filter((m) => [m.to].flat().includes(to));
        const links = mails.flatMap((mail) => (mail.links as string[] | undefined) ?? []);
        link = links.filter(wanted).at(-1);
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}
