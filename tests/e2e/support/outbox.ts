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
