import '../b2b.css';
import type { ProgrammeView } from '@evt/contracts/b2b';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EventLayout } from '../../../components/layout/event-layout';
import { Alert, ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { useDocumentTitle } from '../../../lib/document-title';
import { useEvent } from '../../../lib/queries/event';
import { useLocale } from '../../../lib/locale-path';
import { useFreeze, useGiveOffer, useProgramme, usePublish, useRunSchedule } from '../api/programme';
import { CompanyCapsForm } from '../components/programme-caps';
import { OnlineLinks } from '../components/online-links';
import { LockedConflicts, ScheduleProof } from '../components/programme-proof';
import { LeftOutRequests, Shortfalls, useFewest } from '../components/programme-result';
import { PublishWarning, useLinksWithoutGoogle } from '../components/publish-warning';
import { MatchForm } from '../components/match-form';
import { ProgrammeGrid, useSlotLabel } from '../components/programme-grid';
import { ProgrammeSettingsForm } from '../components/programme-settings-form';

/**
 * `/events/b2b-{eventId}`: the organiser's B2B programme: matching weights, programme settings, freeze, the
 * scheduler (run upstream in a worker thread; the page polls its state), the grid, the figures, the
 * requests left out with their reasons, the freed slots, and the publication of the agendas.
 */
export function ProgrammePage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const event = useEvent(eventId);
  const programme = useProgramme(eventId);
  useDocumentTitle(t('b2b.programme.title'));
  return (
    <EventLayout event={event.data}>
      <div className="page b2b-programme">
        <h1>{t('b2b.programme.title')}</h1>
        <ErrorAlert error={programme.error ?? event.error} />
        {programme.isPending ? <PageSpinner /> : null}
        {programme.data ? <Programme eventId={eventId} view={programme.data} /> : null}
      </div>
    </EventLayout>
  );
}

function Programme({ eventId, view }: { eventId: number; view: ProgrammeView }) {
  return (
    <>
      <Actions eventId={eventId} view={view} />
      <OnlineLinks eventId={eventId} view={view} />
      <LockedConflicts view={view} />
      <Figures view={view} />
      {/* not a named region itself: the grid's table box is one, named by the same title */}
      <section>
        <h2>{useTranslation().t('b2b.programme.grid.title')}</h2>
        <ProgrammeGrid eventId={eventId} view={view} />
      </section>
      <Shortfalls view={view} />
      <LeftOutRequests view={view} />
      <Offers eventId={eventId} view={view} />
      {/* not keyed by the saved values: a new key would draw the form again and lose its "saved" note */}
      <ProgrammeSettingsForm eventId={eventId} settings={view.settings} />
      <CompanyCapsForm eventId={eventId} view={view} />
      <MatchForm eventId={eventId} match={view.match} />
    </>
  );
}

function Actions({ eventId, view }: { eventId: number; view: ProgrammeView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const freeze = useFreeze(eventId);
  const run = useRunSchedule(eventId);
  const publish = usePublish(eventId);
  const [asking, setAsking] = useState<'freeze' | 'publish' | null>(null);
  const withoutGoogle = useLinksWithoutGoogle(view, asking === 'publish');
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <section aria-labelledby="b2b-actions-h" className="b2b-actions">
      <h2 id="b2b-actions-h">{t('b2b.programme.actions.title')}</h2>
      <p>
        {view.frozen ? t('b2b.programme.state.frozen') : t('b2b.programme.state.open')}
        {' · '}
        {view.publishedAt
          ? t('b2b.programme.state.published', { date: date(view.publishedAt) })
          : t('b2b.programme.state.notPublished')}
      </p>
      <p role="status">{t(`b2b.programme.actions.runState.${view.run.state}`)}</p>
      <div className="b2b-request__actions">
        {view.frozen ? (
          <Button variant="secondary" busy={freeze.isPending} onClick={() => freeze.mutate(false)}>
            {t('b2b.programme.actions.unfreeze')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setAsking('freeze')}>
            {t('b2b.programme.actions.freeze')}
          </Button>
        )}
        <Button
          busy={run.isPending || view.run.state === 'running'}
          disabled={!view.frozen}
          onClick={() => run.mutate()}
        >
          {t('b2b.programme.actions.run')}
        </Button>
        <Button disabled={!view.meetings.length} onClick={() => setAsking('publish')}>
          {t('b2b.programme.actions.publish')}
        </Button>
      </div>
      {!view.frozen ? <p className="muted">{t('b2b.errors.notFrozen')}</p> : null}
      {publish.isSuccess ? <Alert tone="success">{t('b2b.programme.actions.published')}</Alert> : null}
      <ErrorAlert error={run.error ?? freeze.error ?? publish.error} />
      <ConfirmDialog
        open={asking === 'freeze'}
        onOpenChange={(open) => setAsking(open ? 'freeze' : null)}
        title={t('b2b.programme.actions.freezeTitle')}
        description={t('b2b.programme.actions.freezeText')}
        confirmLabel={t('b2b.programme.actions.freeze')}
        tone="primary"
        busy={freeze.isPending}
        onConfirm={() => freeze.mutate(true, { onSuccess: () => setAsking(null) })}
      />
      <ConfirmDialog
        open={asking === 'publish'}
        onOpenChange={(open) => setAsking(open ? 'publish' : null)}
        title={t('b2b.programme.actions.publishTitle')}
        description={
          view.publishedAt
            ? t('b2b.programme.actions.publishUpdate', { count: view.pendingChanges })
            : t('b2b.programme.actions.publishFirst')
        }
        confirmLabel={
          withoutGoogle ? t('b2b.programme.actions.publishWithoutLinks') : t('b2b.programme.actions.publish')
        }
        tone="primary"
        busy={publish.isPending}
        onConfirm={() => publish.mutate(undefined, { onSuccess: () => setAsking(null) })}
      >
        <PublishWarning count={withoutGoogle} />
      </ConfirmDialog>
    </section>
  );
}

function Figures({ view }: { view: ProgrammeView }) {
  const { t } = useTranslation();
  const fewest = useFewest();
  const f = view.figures;
  const items: [string, number | string][] = [
    [t('b2b.programme.figures.companies'), f.companies],
    [t('b2b.programme.figures.requests'), f.requests],
    [t('b2b.programme.figures.accepted'), f.accepted],
    [t('b2b.programme.figures.placed'), f.placed],
    [t('b2b.programme.figures.min'), fewest(f)],
    [t('b2b.programme.figures.median'), f.medianMeetings],
    [t('b2b.programme.figures.max'), f.maxMeetings],
    [t('b2b.programme.figures.tables'), f.tablesUsed],
    [
      t('b2b.programme.figures.mustMeet'),
      t('b2b.programme.figures.ofTotal', { n: f.mustMeetPlaced, total: f.mustMeet }),
    ],
  ];
  return (
    <section aria-labelledby="b2b-figures-h">
      <h2 id="b2b-figures-h">{t('b2b.programme.figures.title')}</h2>
      <dl className="b2b-figures">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <ScheduleProof run={view.run} />
    </section>
  );
}

function Offers({ eventId, view }: { eventId: number; view: ProgrammeView }) {
  const { t } = useTranslation();
  const give = useGiveOffer(eventId);
  const slotLabel = useSlotLabel(view.timeZone);
  const slotStart = new Map(view.slots.map((s) => [s.id, s.start]));
  if (!view.offers.length) return null;
  return (
    <section aria-labelledby="b2b-offers-h">
      <h2 id="b2b-offers-h">{t('b2b.programme.offers.title')}</h2>
      <ErrorAlert error={give.error} />
      <ul>
        {view.offers.map((o) => {
          const vars = { slot: slotLabel(slotStart.get(o.slotId) ?? ''), from: o.fromName, to: o.toName };
          return (
            <li key={`${o.slotId}-${o.requestId}`}>
              {t('b2b.programme.offers.line', vars)}{' '}
              <Button size="sm" onClick={() => give.mutate({ slotId: o.slotId, requestId: o.requestId })}>
                {t('b2b.programme.offers.give', vars)}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
