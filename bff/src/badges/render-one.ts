import type { BadgeModelInput, BadgePerson } from '@evt/contracts/badges';
import { defaultBadgeModel } from '@evt/contracts/badges';
import { BadgeLayout, createBadgeDoc, drawBadge, faceOf } from './draw';
import { signBadgeToken } from './token';

export interface OneBadge {
  eventId: number;
  eventName: string;
  /** the model of the person's role, or null for the default one */
  model: BadgeModelInput | null;
  logo: Buffer | null;
  person: BadgePerson;
  /** the signing key (routes/badges/badges.ts `keyOf`) */
  key: Buffer;
}

/**
 * One person's badge as a PDF in their language, for the badge mail (badge sending). Drawn in
 * the calling thread: one badge takes a few milliseconds; thousands go through streamBadges.
 */
export async function renderBadgePdf(badge: OneBadge): Promise<Buffer> {
  const doc = createBadgeDoc(badge.eventName);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const token = signBadgeToken(badge.key, badge.eventId, badge.person.registrationId);
  const model = badge.model ?? defaultBadgeModel('A6');
  drawBadge(doc, new BadgeLayout(doc), model, faceOf(badge.person, badge.eventName, token), badge.logo);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
