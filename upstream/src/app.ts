import express from 'express';
import type { Ctx } from './context';
import { errorHandler, unknownRoute } from './http/errors';
import { outboxRoutes } from './mail/outbox-routes';
import { authRoutes } from './routes/auth';
import { documentRoutes } from './routes/documents';
import { eventRoutes } from './routes/events';
import { featureRoutes } from './routes/features';
import { memberRoutes } from './routes/members';
import { organizationRoutes } from './routes/organizations';
import { registrationAdminRoutes } from './routes/registrations-admin';
import { publicRegistrationRoutes } from './routes/registrations-public';
import { teamRoutes } from './routes/teams';
import { webhookRoutes } from './webhook/routes';

export function createApp(ctx: Ctx): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use('/outbox', outboxRoutes(ctx));
  // The webhook router parses its own bodies (event-logo takes raw image bytes).
  app.use('/webhook', webhookRoutes(ctx));

  app.use(express.json({ limit: '1mb' }));
  app.use(authRoutes(ctx));
  app.use(organizationRoutes(ctx));
  app.use(featureRoutes(ctx));
  app.use(eventRoutes(ctx));
  app.use(documentRoutes(ctx));
  app.use(memberRoutes(ctx));
  app.use(teamRoutes(ctx));
  app.use(publicRegistrationRoutes(ctx));
  app.use(registrationAdminRoutes(ctx));

  app.use(unknownRoute);
  app.use(errorHandler(ctx.logger));
  return app;
}
