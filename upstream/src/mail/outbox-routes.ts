import { Router } from 'express';
import { toIso } from '../db/db';
import type { Ctx } from '../context';
import { notFound } from '../http/errors';
import { httpLinks } from './links';
import { escapeHtml } from './templates';

interface OutboxRow {
  id: number;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  created_at: Date;
}

const toMessage = (row: OutboxRow) => ({
  id: row.id,
  to: row.to_address,
  subject: row.subject,
  text: row.text,
  html: row.html,
  links: httpLinks(row.text),
  createdAt: toIso(row.created_at),
});

const COLUMNS = 'id, to_address, subject, text, html, created_at';

/** The development outbox: no authentication, so it must never be exposed publicly (see README). */
export function outboxRoutes(ctx: Ctx): Router {
  const router = Router();
  router.get('/messages', async (_req, res) => {
    const rows = await ctx.db.query<OutboxRow & Record<string, unknown>>(
      `SELECT ${COLUMNS} FROM outbox ORDER BY id DESC LIMIT 200`,
    );
    res.json(rows.map(toMessage));
  });
  router.get('/messages/:id', async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id < 1 || id > 2_147_483_647) throw notFound('Message');
    const rows = await ctx.db.query<OutboxRow & Record<string, unknown>>(
      `SELECT ${COLUMNS} FROM outbox WHERE id = $1`,
      [id],
    );
    if (!rows[0]) throw notFound('Message');
    res.json(toMessage(rows[0]));
  });
  router.get('/', async (_req, res) => {
    const rows = await ctx.db.query<OutboxRow & Record<string, unknown>>(
      `SELECT ${COLUMNS} FROM outbox ORDER BY id DESC LIMIT 200`,
    );
    const items = rows
      .map((row) => {
        const m = toMessage(row);
        const links = m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('');
        return `<article><h2>${escapeHtml(m.subject)}</h2>
<p><b>To:</b> ${escapeHtml(m.to)} &middot; <time>${escapeHtml(m.createdAt)}</time> &middot; <a href="/outbox/messages/${m.id}">JSON</a></p>
<ul>${links}</ul><pre>${escapeHtml(m.text)}</pre></article>`;
      })
      .join('<hr>');
    res
      .type('html')
      .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Outbox</title>
<style>body{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}pre{white-space:pre-wrap;background:#f4f4f5;padding:1rem}</style>
</head><body><h1>Outbox (${rows.length})</h1>${items || '<p>No messages.</p>'}</body></html>`);
  });
  return router;
}
