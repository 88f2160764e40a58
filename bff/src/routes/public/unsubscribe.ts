import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '@evt/contracts/locale';
import { mailingUpstreamRoutes, unsubscribeToken } from '@evt/contracts/mailings';
import express, { Router } from 'express';
import { repoRoot } from '../../config/repo-root';
import { requestId } from '../../http/request-id';
import { noStore } from '../../http/security-headers';
import { isUpstreamStatus } from '../../upstream/error-codes';
import type { RouteContext } from '../context';

type Texts = Record<
  'title' | 'question' | 'confirm' | 'done' | 'unknown' | 'resubscribe' | 'resubscribed',
  string
>;
type Action = 'unsubscribe' | 'unsubscribeInfo' | 'resubscribe';

let cache: Record<Locale, Texts> | undefined;
const textsOf = (locale: Locale): Texts => {
  cache ??= Object.fromEntries(
    LOCALES.map((l) => [
      l,
      (
        JSON.parse(readFileSync(path.join(repoRoot(), 'locales', `${l}.json`), 'utf8')) as {
          mailings: { unsubscribe: Texts };
        }
      ).mailings.unsubscribe,
    ]),
  ) as Record<Locale, Texts>;
  return cache[locale];
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(locale: Locale, body: string, title: string) {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * The unsubscribe link of every mailing (RFC 8058): GET shows the event and a button (a link scanner that
 * follows links unsubscribes nobody); POST unsubscribes, whether from that button or from a mail
 * provider's one-click `List-Unsubscribe=One-Click` (cross-site by nature: the signed token is the
 * credential, no session, no CSRF header). The token names a recipient row, never an address.
 */
export function unsubscribeRoutes(ctx: RouteContext): Router {
  const router = Router();
  const answer = async (req: express.Request, res: express.Response, action: Action) => {
    const parsed = unsubscribeToken.safeParse({ token: req.params.token });
    const unknown = () => {
      const t = textsOf('fr');
      res
        .status(404)
        .type('html')
        .send(page('fr', `<p>${escapeHtml(t.unknown)}</p>`, t.title));
    };
    if (!parsed.success) return unknown();
    let info: { locale: Locale; event: string; unsubscribed: boolean };
    try {
      info =
        action === 'unsubscribeInfo'
          ? await ctx.upstream.call(mailingUpstreamRoutes.unsubscribeInfo, {
              requestId: requestId(req),
              query: parsed.data,
            })
          : await ctx.upstream.call(mailingUpstreamRoutes[action], {
              requestId: requestId(req),
              body: parsed.data,
            });
    } catch (error) {
      if (isUpstreamStatus(error, 404, 400)) return unknown();
      throw error;
    }
    const t = textsOf(info.locale);
    const fill = (text: string) => escapeHtml(text.replace('{{event}}', info.event));
    // unsubscribed: the way back, on the same link; subscribed again: said, and the way out again
    const body = info.unsubscribed
      ? `<p role="status">${fill(t.done)}</p><form method="post" action="${escapeHtml(`/unsubscribe/${parsed.data.token}/resubscribe`)}"><button type="submit">${escapeHtml(t.resubscribe)}</button></form>`
      : `${action === 'resubscribe' ? `<p role="status">${fill(t.resubscribed)}</p>` : ''}<p>${fill(t.question)}</p><form method="post" action="${escapeHtml(`/unsubscribe/${parsed.data.token}`)}"><button type="submit">${escapeHtml(t.confirm)}</button></form>`;
    res.type('html').send(page(info.locale, body, t.title));
  };
  // the token is the credential: neither the page nor its answer is kept by a cache
  router.use('/unsubscribe', noStore);
  router.get('/unsubscribe/:token', (req, res) => answer(req, res, 'unsubscribeInfo'));
  router.post('/unsubscribe/:token', express.urlencoded({ extended: false, limit: '1kb' }), (req, res) =>
    answer(req, res, 'unsubscribe'),
  );
  // the token is the credential here too: only the link's holder subscribes again, never a mail provider
  router.post(
    '/unsubscribe/:token/resubscribe',
    express.urlencoded({ extended: false, limit: '1kb' }),
    (req, res) => answer(req, res, 'resubscribe'),
  );
  return router;
}
