/**
 * Keys under `planning.validation.` in locales/ (the shared `validation.` keys are another section's), apart
 * from the planning schemas so the shared message lookup (web/src/lib/i18n/keys.ts) does not pull them in.
 */
export const planningMsg = {
  endBeforeStart: 'planning.validation.endBeforeStart',
  time: 'planning.validation.time',
  day: 'planning.validation.day',
} as const;
