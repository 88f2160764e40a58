import { upstreamRoutes } from '@evt/contracts/upstream-routes';
import express, { type Router } from 'express';
import type { Ctx } from '../context';
import { HttpError } from '../http/errors';
import { mountOn } from '../http/mount';
import { sha256 } from '../model/registrations';

/**
 * Extension `POST /webhook/telegram-link`, behind the shared webhook header: the Telegram bot
 * (a separate service, outside this project) received `/start <token>` from a chat and names it. The token
 * is the one the confirmation page's deep link carried; it works once, and the registration then keeps
 * the chat to notify. Unknown or used token: 404, the same either way.
 */
export function telegramRoutes(ctx: Ctx): Router {
  const { router, mount } = mountOn(ctx);
  mount(
    upstreamRoutes.telegramLink,
    async ({ body }, _req, res) => {
      const { token, chatId } = body;
      const rows = await ctx.db.query<{ id: number }>(
        `UPDATE registrations SET telegram_chat_id = $2, telegram_linked_at = now(), telegram_start_hash = NULL
         WHERE telegram_start_hash = $1 AND telegram_notifications RETURNING id`,
        [sha256(token), chatId],
      );
      if (!rows[0]) throw new HttpError(404, 'unknown_link', 'This start token is unknown or used');
      res.json({ registrationId: rows[0].id, linked: true });
    },
    { readBody: express.json({ limit: '2kb' }) },
  );
  return router;
}
