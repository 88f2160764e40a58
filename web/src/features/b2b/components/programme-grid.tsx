import { MEETING_STATUSES, type ProgrammeView } from '@evt/contracts/b2b';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useLocale } from '../../../lib/locale-path';
import { useMeetingStatus, useMoveMeeting } from '../api/programme';
import { ScrollTable } from '../../../components/ui/scroll-table';

type Meeting = ProgrammeView['meetings'][number];

/** A slot's start on the event's clock (`timeZone`, the programme's). */
export function useSlotLabel(timeZone: string) {
  const locale = useLocale();
  const f = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone });
  return (start: string) => f.format(new Date(start));
}

/** Slots × tables; a meeting is moved by hand (checked against the schedule's rules) or marked on the day. */
export function ProgrammeGrid({ eventId, view }: { eventId: number; view: ProgrammeView }) {
  const { t } = useTranslation();
  const slotLabel = useSlotLabel(view.timeZone);
  const [moving, setMoving] = useState<Meeting | null>(null);
  const tables = view.settings.tables.map((name, i) => ({ id: `t${i + 1}`, name }));
  const bySlot = new Map<string, Meeting[]>();
  for (const m of view.meetings) bySlot.set(m.slotId, [...(bySlot.get(m.slotId) ?? []), m]);
  const usedSlots = view.slots.filter((s) => bySlot.has(s.id));
  if (!view.meetings.length) return <p>{t('b2b.programme.grid.empty')}</p>;
  return (
    <div className="b2b-grid">
      <ScrollTable caption={t('b2b.programme.grid.title')} captionHidden className="b2b-grid__table">
        <thead>
          <tr>
            <th scope="col">{t('b2b.programme.grid.slot')}</th>
            {tables.map((tb) => (
              <th scope="col" key={tb.id}>
                {tb.name}
              </th>
            ))}
            <th scope="col">{t('b2b.programme.grid.online')}</th>
          </tr>
        </thead>
        <tbody>
          {usedSlots.map((s) => (
            <tr key={s.id}>
              <th scope="row">{slotLabel(s.start)}</th>
              {[...tables.map((tb) => tb.id), null].map((tableId) => (
                <td key={tableId ?? 'online'}>
                  {(bySlot.get(s.id) ?? [])
                    .filter((m) => m.tableId === tableId)
                    .map((m) => (
                      <MeetingCell
                        key={m.requestId}
                        eventId={eventId}
                        meeting={m}
                        onMove={() => setMoving(m)}
                      />
                    ))}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {moving ? (
        <MoveDialog eventId={eventId} view={view} meeting={moving} onClose={() => setMoving(null)} />
      ) : null}
    </div>
  );
}

function MeetingCell({
  eventId,
  meeting: m,
  onMove,
}: {
  eventId: number;
  meeting: Meeting;
  onMove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const status = useMeetingStatus(eventId);
  return (
    <div className={`b2b-grid__meeting b2b-grid__meeting--${m.status}`}>
      <p>{t('b2b.programme.grid.meeting', { from: m.fromName, to: m.toName })}</p>
      {m.onlineUrl ? (
        <p>
          <a href={m.onlineUrl} rel="noopener noreferrer" target="_blank">
            {t('b2b.programme.links.open')}
          </a>
        </p>
      ) : null}
      <label className="sr-only" htmlFor={`${id}-s`}>
        {t('b2b.programme.grid.status', { from: m.fromName, to: m.toName })}
      </label>
      <select
        id={`${id}-s`}
        value={m.status}
        onChange={(e) =>
          status.mutate({ requestId: m.requestId, status: e.target.value as Meeting['status'] })
        }
      >
        {MEETING_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`b2b.programme.grid.statuses.${s}`)}
          </option>
        ))}
      </select>{' '}
      {m.status !== 'cancelled' ? (
        <Button
          size="sm"
          variant="ghost"
          onClick={onMove}
          aria-label={t('b2b.programme.grid.moveTitle', { from: m.fromName, to: m.toName })}
        >
          {t('b2b.programme.grid.move')}
        </Button>
      ) : null}
      <ErrorAlert error={status.error} />
    </div>
  );
}

function MoveDialog(props: { eventId: number; view: ProgrammeView; meeting: Meeting; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const slotLabel = useSlotLabel(props.view.timeZone);
  const { meeting: m } = props;
  const move = useMoveMeeting(props.eventId);
  const [slotId, setSlotId] = useState(m.slotId);
  const [tableId, setTableId] = useState(m.tableId ?? '');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={t('b2b.programme.grid.moveTitle', { from: m.fromName, to: m.toName })}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          move.mutate(
            { requestId: m.requestId, slotId, tableId: m.online ? null : tableId || null },
            { onSuccess: props.onClose },
          );
        }}
      >
        <div className="field">
          <label htmlFor={`${id}-slot`}>{t('b2b.programme.grid.moveSlot')}</label>
          <select id={`${id}-slot`} value={slotId} onChange={(e) => setSlotId(e.target.value)}>
            {props.view.slots.map((s) => (
              <option key={s.id} value={s.id}>
                {slotLabel(s.start)}
              </option>
            ))}
          </select>
        </div>
        {!m.online ? (
          <div className="field">
            <label htmlFor={`${id}-table`}>{t('b2b.programme.grid.moveTable')}</label>
            <select id={`${id}-table`} value={tableId} onChange={(e) => setTableId(e.target.value)}>
              {props.view.settings.tables.map((name, i) => (
                <option key={name} value={`t${i + 1}`}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <ErrorAlert error={move.error} />
        <Button type="submit" busy={move.isPending}>
          {t('b2b.programme.grid.moveConfirm')}
        </Button>
      </form>
    </Dialog>
  );
}
