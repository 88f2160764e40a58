import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@evt/contracts/webhooks';
import express, { type Router } from 'express';

const KEPT = 50;

interface Received {
  receivedAt: string;
  eventId: string;
  type: string;
  signed: boolean;
  bytes: number;
}

/**
 * /_dev/webhooks: the demo's webhook receiver (mounted only outside production, with the embedded
 * upstream, as the outbox): the demo CRM endpoint posts here, so its delivery log fills with real
 * deliveries. It answers 200 to any event and lists the last 50 it got (their type, id and whether they
 * were signed; never their content, which names people).
 */
export function webhookReceiverRoutes(): Router {
  const router = express.Router();
  const received: Received[] = [];
  router.post('/', express.text({ type: '*/*', limit: '256kb' }), (req, res) => {
    let type = '';
    try {
      type = String((JSON.parse(String(req.body)) as { type?: unknown }).type ?? '');
    } catch {
      res.status(400).json({ received: false });
      return;
    }
    received.unshift({
      receivedAt: new Date().toISOString(),
      eventId: String(req.get(WEBHOOK_EVENT_ID_HEADER) ?? ''),
      type,
      signed: /(^|,)v1=[0-9a-f]{64}/.test(String(req.get(WEBHOOK_SIGNATURE_HEADER) ?? '')),
      bytes: Buffer.byteLength(String(req.body)),
    });
    received.length = Math.min(received.length, KEPT);
    res.json({ received: true });
  });
  router.get('/', (_req, res) => {
    res.set('cache-control', 'no-store').json({ received });
  });
  return router;
}
