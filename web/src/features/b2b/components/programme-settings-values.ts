import { type ProgrammeSettings, programmeSettings } from '@evt/contracts/b2b';
import { type FieldError, get } from 'react-hook-form';
import { z } from 'zod';

/**
 * The programme settings as the form holds them: a day per date picker (react-hook-form lists hold
 * objects), the tables one per line. The contract's schema stays the one validation: the form's values are
 * converted to its shape, then parsed by it, so its issues land on the fields they name (`days.1`, `dayEnd`,
 * `breaks.0.start`, `tables.3`).
 */
export type ProgrammeSettingsFormValues = Omit<z.input<typeof programmeSettings>, 'days' | 'tables'> & {
  days: { date: string }[];
  tables: string;
};

export const formValuesOf = (settings: ProgrammeSettings): ProgrammeSettingsFormValues => ({
  ...settings,
  days: settings.days.map((date) => ({ date })),
  tables: settings.tables.join('\n'),
});

const settingsOf = ({
  days,
  tables,
  ...rest
}: ProgrammeSettingsFormValues): z.input<typeof programmeSettings> => ({
  ...rest,
  days: days.map((d) => d.date),
  tables: tables
    .split('\n')
    .map((name) => name.trim())
    .filter(Boolean),
});

export const programmeSettingsForm = z
  .custom<ProgrammeSettingsFormValues>()
  .transform(settingsOf)
  .pipe(programmeSettings);

/** The day after `day` (YYYY-MM-DD), what "add a day" proposes after the last one; empty without one. */
export function dayAfter(day: string | undefined): string {
  if (!day) return '';
  const next = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(next.getTime())) return '';
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

/** The limits of a number setting, read from the contract's schema (the inputs' min and max). */
export const boundsOf = (name: 'slotMinutes' | 'requestCap' | 'meetingQuota') => {
  const schema = programmeSettings.shape[name];
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
};

/**
 * The error of a list as a whole (its `root`, or the list's own when no row is registered), or, with
 * `deep`, the first error anywhere under it (a table's name in the one text box that holds them all).
 */
export function errorAt(errors: object, path: string, deep = false): FieldError | undefined {
  const node = get(errors, path) as Record<string, unknown> | undefined;
  if (!node) return undefined;
  if (typeof node.message === 'string') return node as unknown as FieldError;
  if (node.root) return node.root as FieldError;
  if (!deep) return undefined;
  for (const key of Object.keys(node)) {
    const found = errorAt(node, key, true);
    if (found) return found;
  }
  return undefined;
}
