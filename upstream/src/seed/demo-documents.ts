import type { Queryable } from '../db/db';
import { encodePdf } from './pdf';

/** What an organiser keeps beside a fair: its programme, the hall plan and the exhibitors' rules. */
const DOCUMENTS: readonly { filename: string; title: string; lines: readonly string[] }[] = [
  {
    filename: 'Programme des conférences.pdf',
    title: "Salon International de l'Innovation : programme",
    lines: [
      '09:00  Accueil et café, hall A',
      "10:00  Ouverture officielle : l'innovation au service des territoires",
      '11:30  Table ronde : financer la croissance des PME industrielles',
      '14:00  Ateliers : IA appliquée, énergie, mobilité',
      "16:30  Remise des trophées de l'innovation",
    ],
  },
  {
    filename: 'Plan du hall A.pdf',
    title: 'Plan du hall A',
    lines: [
      'Stands A01 à A24 : industrie et énergie',
      'Stands A25 à A40 : numérique et IA',
      'Espace rendez-vous B2B : mezzanine, tables 1 à 20',
      'Accueil, vestiaire et badges : entrée nord',
    ],
  },
  {
    filename: 'Règlement exposants.pdf',
    title: 'Règlement des exposants',
    lines: [
      'Montage : la veille de 8 h à 20 h ; démontage le dernier jour après 18 h.',
      'Chaque stand reçoit deux badges exposant ; badges supplémentaires sur demande.',
      'Assurance responsabilité civile obligatoire, attestation à fournir avant le montage.',
    ],
  },
];

/** The demo event's documents (real PDFs, so the list, the download and the preview all show something). */
export async function seedDemoDocuments(tx: Queryable, eventId: number): Promise<void> {
  for (const doc of DOCUMENTS) {
    const data = encodePdf(doc.title, doc.lines);
    await tx.query(
      `INSERT INTO event_documents (event_id, filename, content_type, size, data)
       VALUES ($1, $2, 'application/pdf', $3, $4)`,
      [eventId, doc.filename, data.length, data],
    );
  }
}
