import { rightsRoutes } from './routes/rights';
import express from 'express';
import type { Ctx } from './context';
import { errorHandler, unknownRoute } from './http/errors';
import { outboxRoutes } from './mail/outbox-routes';
import { mailingRoutes } from './mailings/routes';
import { mailingWorkerRoutes } from './mailings/worker-routes';
import { authRoutes } from './routes/auth';
import { badgeSendRoutes, badgeSendWorkerRoutes } from './routes/badge-sends';
import { registrationExportRoutes, registrationExportWorkerRoutes } from './routes/registration-exports';
import { badgeRoutes } from './routes/badges';
import { checkinDeviceRoutes } from './routes/checkin-device';
import { documentRoutes } from './routes/documents';
import { eventRoutes } from './routes/events';
import { featureRoutes } from './routes/features';
import { infoRequestRoutes } from './routes/info-requests';
import { meetingRoutes } from './routes/meetings';
import { meetingMailRoutes } from './routes/meetings-mail';
import { telegramRoutes } from './routes/telegram';
import { memberRoutes } from './routes/members';
import { organizationRoutes } from './routes/organizations';
import { planningRoutes } from './routes/planning';
import { registrationAdminRoutes } from './routes/registrations-admin';
import { publicRegistrationRoutes } from './routes/registrations-public';
import { reportRoutes } from './routes/reports';
import { teamRoutes } from './routes/teams';
import { onlineLinkRoutes } from './b2b/online-links';
import { programmeRoutes } from './b2b/programme-routes';
import { ownProgrammeRoutes } from './b2b/profile-routes';
import { spaceRoutes } from './b2b/space-routes';
import { webhookRoutes } from './webhook/routes';
import { dataRightsRoutes, retentionWorkerRoutes } from './data-rights/routes';
import { privacyNoticeRoutes } from './data-rights/privacy-notice';
import { apiKeyRoutesOf } from './api-keys/routes';
import { webhookEndpointRoutes } from './outgoing-webhooks/routes';
import { webhookWorkerRoutes } from './outgoing-webhooks/worker-routes';

export function createApp(ctx: Ctx): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.set('query parser', 'simple');

  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use('/outbox', outboxRoutes(ctx));
  // Every other route is mounted from its contract (http/mount.ts), which checks its credential and reads
  // its body: the automation webhook's below /webhook, the job queue's and the Telegram bot's among them.
  app.use(mailingWorkerRoutes(ctx));
  app.use(meetingMailRoutes(ctx));
  app.use(telegramRoutes(ctx));
  app.use(retentionWorkerRoutes(ctx));
  app.use(badgeSendWorkerRoutes(ctx));
  app.use(registrationExportWorkerRoutes(ctx));
  app.use(webhookWorkerRoutes(ctx));
  app.use(webhookRoutes(ctx));
  app.use(authRoutes(ctx));
  app.use(organizationRoutes(ctx));
  app.use(featureRoutes(ctx));
  app.use(meetingRoutes(ctx));
  app.use(eventRoutes(ctx));
  app.use(documentRoutes(ctx));
  app.use(memberRoutes(ctx));
  app.use(teamRoutes(ctx));
  app.use(publicRegistrationRoutes(ctx));
  app.use(dataRightsRoutes(ctx));
  app.use(privacyNoticeRoutes(ctx));
  app.use(registrationAdminRoutes(ctx));
  app.use(badgeRoutes(ctx));
  app.use(checkinDeviceRoutes(ctx));
  app.use(badgeSendRoutes(ctx));
  app.use(registrationExportRoutes(ctx));
  app.use(spaceRoutes(ctx));
  app.use(programmeRoutes(ctx));
  app.use(onlineLinkRoutes(ctx));
  app.use(ownProgrammeRoutes(ctx));
  app.use(rightsRoutes(ctx));
  app.use(planningRoutes(ctx));
  app.use(reportRoutes(ctx));
  app.use(mailingRoutes(ctx));
  app.use(infoRequestRoutes(ctx));
  app.use(apiKeyRoutesOf(ctx));
  app.use(webhookEndpointRoutes(ctx));

  app.use(unknownRoute);
  app.use(errorHandler(ctx.logger));
  return app;
}
