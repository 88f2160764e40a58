import type { Meeting } from '@evt/contracts/meetings';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDelete } from '../../../components/ui/confirm-delete';
import { usePendingConference } from '../api/meetings';

/** One meeting: when, who, its links (Meet or Zoom, and Google Calendar), edit and delete. */
export function MeetingItem({
  meeting,
  calendarOf = null,
  onEdit,
  onDelete,
}: {
  meeting: Meeting;
  /** the name of the colleague whose Google connection holds the Calendar event (null: the caller's, or none) */
  calendarOf?: string | null;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  // the poll writes into the list this meeting comes from: what is shown is always the list's copy
  usePendingConference(meeting);
  const join = meeting.joinUrl ?? meeting.url;
  return (
    <li className="card meeting">
      <h3 className="card__title">{meeting.title}</h3>
      <p>{t('meetings.list.when', { date: meeting.date, time: meeting.time, duration: meeting.duration })}</p>
      <p>
        {t('meetings.list.host')}
        {': '}
        {meeting.host}
      </p>
      {meeting.participants.length > 0 ? (
        <p>
          {t('meetings.list.participants')}
          {': '}
          {meeting.participants.join(', ')}
        </p>
      ) : null}
      {calendarOf ? <p>{t('meetings.list.calendarOf', { name: calendarOf })}</p> : null}
      {meeting.description ? <p className="meeting__description">{meeting.description}</p> : null}
      {meeting.conferenceStatus === 'pending' ? (
        <p role="status">{t('meetings.list.pending')}</p>
      ) : meeting.conferenceStatus === 'failure' ? (
        <p role="status">{t('meetings.list.failure')}</p>
      ) : null}
      <div className="form__row">
        {join ? (
          <a href={join} target="_blank" rel="noopener noreferrer">
            {meeting.platform === 'zoom' ? t('meetings.list.joinZoom') : t('meetings.list.joinMeet')}
          </a>
        ) : null}
        {meeting.googleCalendarLink ? (
          <a href={meeting.googleCalendarLink} target="_blank" rel="noopener noreferrer">
            {t('meetings.list.calendarLink')}
          </a>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          onClick={onEdit}
          // the visible words begin the name, which adds the title (WCAG 2.5.3, label in name)
          aria-label={t('meetings.list.edit', { title: meeting.title })}
        >
          {t('meetings.form.editTitle')}
        </Button>
        <ConfirmDelete
          label={t('meetings.list.delete', { title: meeting.title })}
          title={t('meetings.list.deleteTitle', { title: meeting.title })}
          description={t('meetings.list.deleteText')}
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
