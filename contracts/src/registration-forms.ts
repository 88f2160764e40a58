import { FORM_SLUGS, REGISTRATION_KINDS, type RegistrationKind } from './forms/kinds';
import type { z } from 'zod';
import type { publicForm } from './registrations';

/**
 * The webhook's event forms name a form by a code: a RegistrationKind (`exhibitor_legacy`) or the spec's
 * route slug (`exposant`, `agent_presse`, as the reference data does). A slug shared by several kinds
 * means the first one (`exposant` is the current exhibitor form; the older field set must be named).
 */
export function kindOfFormCode(code: string): RegistrationKind | undefined {
  if ((REGISTRATION_KINDS as readonly string[]).includes(code)) return code as RegistrationKind;
  return REGISTRATION_KINDS.find((kind) => FORM_SLUGS[kind] === code);
}

export interface WebhookForm {
  id: number;
  kind: string;
  title: string;
  open: boolean;
}

/** Only the public part of the event's forms; unknown codes are left out. */
export function publicFormsOf(forms: readonly WebhookForm[]): z.infer<typeof publicForm>[] {
  const out: z.infer<typeof publicForm>[] = [];
  for (const form of forms) {
    const kind = kindOfFormCode(form.kind);
    if (!kind || out.some((f) => f.kind === kind)) continue;
    out.push({ kind, formId: form.id, title: form.title.trim() || null, open: form.open });
  }
  return out;
}
