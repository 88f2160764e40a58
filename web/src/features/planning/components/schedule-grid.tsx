import type { Conflict, PlanningSession } from '@evt/contracts/planning';
import { type CSSProperties, type DragEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ScrollBox } from '../../../components/ui/scroll-box';
import { useLocale } from '../../../lib/locale-path';
import { dayBounds, dayLabel, fromMinutes, STEP, toMinutes } from '../lib/times';
import { conflictText } from './conflict-text';

/** Where a session goes: a day, a start (minutes since midnight) and a room. */
export type Place = { day: string; start: number; room: string };

type Props = {
  days: readonly string[];
  rooms: readonly string[];
  sessions: readonly PlanningSession[];
  conflicts: ReadonlyMap<number, Conflict[]>;
  onMove: (session: PlanningSession, to: Place) => void;
  onEdit: (session: PlanningSession) => void;
  onDelete: (session: PlanningSession) => void;
};

const DRAG_TYPE = 'text/plain';

/** Side by side lanes for sessions of one room that overlap (a clash stays visible, not hidden under). */
function lanesOf(sessions: readonly PlanningSession[]) {
  const lanes = new Map<number, { lane: number; of: number }>();
  const sorted = [...sessions].sort((a, b) => a.start.localeCompare(b.start) || a.id - b.id);
  for (const s of sorted) {
    const overlapping = sorted.filter((o) => o.room === s.room && o.start < s.end && s.start < o.end);
    const taken = new Set(overlapping.map((o) => lanes.get(o.id)?.lane).filter((l) => l !== undefined));
    let lane = 0;
    while (taken.has(lane)) lane++;
    lanes.set(s.id, { lane, of: Math.max(overlapping.length, 1) });
  }
  return lanes;
}

/**
 * The programme as a grid per day: a column per room, a row per quarter of an hour. A session is moved
 * by dragging it onto a slot, or from the keyboard: arrow up/down by a quarter of an hour, left/right to
 * the next room, Page Up/Page Down to the next day (the page announces where it went).
 */
export function ScheduleGrid({ days, rooms, sessions, conflicts, onMove, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [dragging, setDragging] = useState<number | null>(null);

  const keyMove = (session: PlanningSession, event: KeyboardEvent<HTMLElement>) => {
    const start = toMinutes(session.start);
    const roomAt = rooms.indexOf(session.room);
    const dayAt = days.indexOf(session.day);
    let to: Place | null = null;
    if (event.key === 'ArrowUp') to = { day: session.day, room: session.room, start: start - STEP };
    if (event.key === 'ArrowDown') to = { day: session.day, room: session.room, start: start + STEP };
    if (event.key === 'ArrowLeft' && roomAt > 0)
      to = { day: session.day, room: rooms[roomAt - 1] ?? session.room, start };
    if (event.key === 'ArrowRight' && roomAt < rooms.length - 1)
      to = { day: session.day, room: rooms[roomAt + 1] ?? session.room, start };
    if (event.key === 'PageUp' && dayAt > 0)
      to = { day: days[dayAt - 1] ?? session.day, room: session.room, start };
    if (event.key === 'PageDown' && dayAt < days.length - 1)
      to = { day: days[dayAt + 1] ?? session.day, room: session.room, start };
    if (event.key === 'Enter') {
      event.preventDefault();
      onEdit(session);
      return;
    }
    if (!to) return;
    event.preventDefault();
    onMove(session, to);
  };

  const drop = (place: Place) => (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    const id = Number(event.dataTransfer.getData(DRAG_TYPE));
    const session = sessions.find((s) => s.id === id);
    setDragging(null);
    if (session) onMove(session, place);
  };

  if (rooms.length === 0) return <p>{t('planning.grid.empty')}</p>;
  return (
    <div className="planning-days">
      <p id="planning-keys" className="field__hint">
        {t('planning.grid.keys')}
      </p>
      {days.map((day) => {
        const ofDay = sessions.filter((s) => s.day === day);
        const { first, last } = dayBounds(ofDay);
        const slots = (last - first) / STEP;
        const lanes = lanesOf(ofDay);
        const grid: CSSProperties = {
          gridTemplateColumns: `4.5rem repeat(${rooms.length}, minmax(6rem, 1fr))`,
          gridTemplateRows: `auto repeat(${slots}, 1.5rem)`,
        };
        const row = (minutes: number) => 2 + Math.round((minutes - first) / STEP);
        return (
          <ScrollBox key={day} className="planning-day" labelledBy={`day-${day}`}>
            <h2 id={`day-${day}`}>{dayLabel(locale, day)}</h2>
            <div className={`schedule${dragging === null ? '' : ' schedule--dragging'}`} style={grid}>
              {rooms.map((room, col) => (
                <div key={room} className="schedule__room" style={{ gridColumn: col + 2, gridRow: 1 }}>
                  {room}
                </div>
              ))}
              {Array.from({ length: slots }, (_, i) => first + i * STEP).map((minutes) => (
                <div key={`t${minutes}`} style={{ display: 'contents' }}>
                  {minutes % 60 === 0 ? (
                    <div className="schedule__time" style={{ gridColumn: 1, gridRow: row(minutes) }}>
                      {fromMinutes(minutes)}
                    </div>
                  ) : null}
                  {rooms.map((room, col) => (
                    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the keyboard moves sessions through their move button
                    <div
                      key={room}
                      className={`schedule__cell${minutes % 60 === 0 ? ' schedule__cell--hour' : ''}`}
                      style={{ gridColumn: col + 2, gridRow: row(minutes) }}
                      data-room={room}
                      data-time={fromMinutes(minutes)}
                      onDragOver={(event) => event.preventDefault()}
                      onDrop={drop({ day, room, start: minutes })}
                    />
                  ))}
                </div>
              ))}
              {ofDay.map((session) => {
                const clash = conflicts.get(session.id) ?? [];
                const lane = lanes.get(session.id) ?? { lane: 0, of: 1 };
                const style: CSSProperties = {
                  gridColumn: rooms.indexOf(session.room) + 2,
                  gridRow: `${row(toMinutes(session.start))} / ${Math.max(row(toMinutes(session.end)), row(toMinutes(session.start)) + 1)}`,
                  width: `${100 / lane.of}%`,
                  marginInlineStart: `${(100 / lane.of) * lane.lane}%`,
                };
                return (
                  <article
                    key={session.id}
                    className={`session${clash.length ? ' session--conflict' : ''}`}
                    style={style}
                    draggable
                    aria-labelledby={`session-${session.id}`}
                    data-session={session.id}
                    onDragStart={(event) => {
                      event.dataTransfer.setData(DRAG_TYPE, String(session.id));
                      event.dataTransfer.effectAllowed = 'move';
                      setTimeout(() => setDragging(session.id), 0);
                    }}
                    onDragEnd={() => setDragging(null)}
                  >
                    <p className="session__title">
                      <button
                        type="button"
                        className="session__move"
                        aria-label={t('planning.grid.session', {
                          title: session.title,
                          start: session.start,
                          end: session.end,
                          room: session.room,
                        })}
                        aria-describedby="planning-keys"
                        onKeyDown={(event) => keyMove(session, event)}
                      >
                        <span aria-hidden="true">{'⠿'}</span>
                      </button>{' '}
                      <span id={`session-${session.id}`}>{session.title}</span>
                    </p>
                    <p className="session__time">
                      {t('planning.grid.time', { start: session.start, end: session.end })}
                    </p>
                    {session.speakers.length ? (
                      <p className="session__speakers">{session.speakers.map((s) => s.name).join(', ')}</p>
                    ) : null}
                    {clash.length ? (
                      <div className="session__conflict">
                        <p className="session__badge">{t('planning.conflicts.badge')}</p>
                        <ul>
                          {clash.map((c) => (
                            <li key={`${c.kind}-${c.with}-${c.kind === 'speaker' ? c.speaker : ''}`}>
                              {conflictText(t, c, sessions)}
                            </li>
                          ))}
                        </ul>
                      </div>
                    ) : null}
                    <div className="session__actions">
                      <Button size="sm" variant="secondary" onClick={() => onEdit(session)}>
                        {t('planning.grid.edit')}
                        <span className="sr-only"> {session.title}</span>
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => onDelete(session)}>
                        {t('planning.grid.delete')}
                        <span className="sr-only"> {session.title}</span>
                      </Button>
                    </div>
                  </article>
                );
              })}
            </div>
          </ScrollBox>
        );
      })}
    </div>
  );
}
