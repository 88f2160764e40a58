import { parisInstant } from '@evt/contracts/meetings';
import type { Queryable } from '../db/db';
import { daysFrom } from './days';

interface DemoMeeting {
  platform: 'google_meet' | 'zoom';
  title: string;
  /** days from the seeding day (the salon opens 60 days after it) */
  inDays: number;
  time: string;
  duration: number;
  description: string;
  participants: string[];
  /** the Meet code (`abc-defg-hij`) of a Google meeting */
  meetCode?: string;
}

const MEETINGS: readonly DemoMeeting[] = [
  {
    platform: 'google_meet',
    title: 'Point d’étape avec les exposants',
    inDays: 3,
    time: '10:00',
    duration: 45,
    description: 'Emplacements des stands, horaires de montage et badges exposants.',
    participants: ['exposants@salon-innovation.example', 'awa.diop@atlas-industries.example'],
    meetCode: 'sii-expo-pnt',
  },
  {
    platform: 'google_meet',
    title: 'Réunion logistique – Paris Expo',
    inDays: 10,
    time: '14:30',
    duration: 60,
    description: 'Accès, sécurité, restauration et signalétique avec l’équipe du site.',
    participants: ['logistique@salon-innovation.example', 'site@paris-expo.example'],
    meetCode: 'sii-logi-pex',
  },
  {
    platform: 'google_meet',
    title: 'Répétition des conférences d’ouverture',
    inDays: 52,
    time: '16:00',
    duration: 90,
    description: 'Ordre de passage, supports et temps de parole des intervenants.',
    participants: ['programme@salon-innovation.example', 'yuki.tanaka@kansai-tech.example'],
    meetCode: 'sii-conf-rep',
  },
  {
    platform: 'zoom',
    title: 'Briefing presse internationale',
    inDays: 14,
    time: '09:00',
    duration: 30,
    description: 'Accréditations, dossier de presse et interviews pendant le salon.',
    participants: [],
  },
];

/** `YYYY-MM-DD` of the day `days` after `now`, as seen in Paris (the meetings' time zone). */
function parisDay(now: Date, days: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(daysFrom(now, days));
}

/**
 * the demo: the salon's meetings, so `/events/meetings-{id}` and `/events/meetings1-{id}` show
 * something after `npm start`. Google Meet ones are records only (no Calendar event behind them: the
 * emulator starts empty), so editing or deleting one needs no Google call; the Zoom one has its row in the
 * zoom-meeting webhook's table, so deleting it goes through the webhook like any other.
 */
export async function seedDemoMeetings(tx: Queryable, eventId: number, hostId: number, now: Date) {
  const hosts = await tx.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [hostId]);
  const host = hosts[0]?.email as string;
  for (const m of MEETINGS) {
    const date = parisDay(now, m.inDays);
    const start = parisInstant(date, m.time);
    const end = new Date(start.getTime() + m.duration * 60_000);
    let url: string;
    let zoomId: number | null = null;
    if (m.platform === 'zoom') {
      url = `https://zoom.example.invalid/j/${8_100_000_000 + m.inDays}`;
      const rows = await tx.query<{ id: number }>(
        `INSERT INTO zoom_meetings (event_id, topic, start_time, duration, join_url)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [eventId, m.title, start.toISOString(), m.duration, url],
      );
      zoomId = rows[0]?.id ?? null;
    } else {
      url = `https://meet.google.com/${m.meetCode}`;
    }
    await tx.query(
      `INSERT INTO meetings (event_id, platform, title, url, join_url, date, time, duration, host, description,
         start_time, end_time, participants, conference_status, zoom_meeting_id, created_by)
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        eventId,
        m.platform,
        m.title,
        url,
        date,
        m.time,
        m.duration,
        host,
        m.description,
        start.toISOString(),
        end.toISOString(),
        JSON.stringify(m.platform === 'google_meet' ? [...m.participants, host] : m.participants),
        m.platform === 'google_meet' ? 'success' : null,
        zoomId,
        hostId,
      ],
    );
  }
}
