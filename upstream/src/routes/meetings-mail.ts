import { DEFAULT_LOCALE, isLocale, localisePath } from '@evt/contracts/locale';
import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import express, { type Router } from 'express';
import { mountOn } from '../http/mount';
import type { Ctx } from '../context';
import { composeMail } from '../mail/templates';
import { DEFAULT_PUBLIC_URL } from '../mailings/render';
import { sendKeyedMail } from '../mailings/worker-routes';

/**
 * Extension `POST /webhook/google-broken-mail`, behind the shared webhook header: the BFF found
 * an organiser's Google grant gone (`invalid_grant`) and asks for the mail that tells them, in their own
 * language, through the mail path of every other mail (SMTP or the outbox). One mail per breakage: the
 * key is (organiser, brokenAt), claimed before sending, so the BFF may ask again without a second mail.
 */
export function meetingMailRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  const publicUrl = ctx.publicUrl ?? DEFAULT_PUBLIC_URL;
  mount(
    upstreamRoutes.googleBrokenMail,
    async ({ body }, _req, res) => {
      const { userId, brokenAt } = body;
      const rows = await ctx.db.query<{ email: string; first_name: string; locale: string | null }>(
        'SELECT email, first_name, locale FROM users WHERE id = $1',
        [userId],
      );
      const user = rows[0];
      if (!user) {
        res.json({ state: 'failed', error: 'unknown user' });
        return;
      }
      const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
      const mail = composeMail('googleBroken', locale, {
        link: new URL(localisePath(locale, '/home'), publicUrl).toString(),
        name: user.first_name,
      });
      res.json(
        await sendKeyedMail(ctx, `google-broken:${userId}:${brokenAt}`, { to: user.email, locale, ...mail }),
      );
    },
    { readBody: express.json({ limit: '4kb' }) },
  );
  return router;
}
