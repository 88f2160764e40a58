import { FORM_SLUGS, REGISTRATION_KINDS, type RegistrationKind } from './forms/kinds';
import { activeQuestions, type CustomQuestion } from './forms/questions';
import type { z } from 'zod';
import type { Locale } from './locale';
import type { publicForm } from './public-registrations';

/**
 * The webhook's event forms name a form by a code: a RegistrationKind (`exhibitor_legacy`) or the spec's
 * route slug (`exposant`, `agent_presse`, as the reference data does). A slug shared by several kinds
 * means the first one (`exposant` is the current exhibitor form; the older field set must be named).
 */
export function kindOfFormCode(code: string): RegistrationKind | undefined {
  if ((REGISTRATION_KINDS as readonly string[]).includes(code)) return code as RegistrationKind;
  return REGISTRATION_KINDS.find((kind) => FORM_SLUGS[kind] === code);
}

/**
 * The kinds whose registrations an event's forms take, from the forms' codes: a kind named exactly, or
 * every kind behind a spec slug (`exposant`: the current and the older exhibitor field sets, both of which
 * have registered through that page).
 */
export function kindsOfFormCodes(codes: readonly string[]): RegistrationKind[] {
  return REGISTRATION_KINDS.filter((kind) =>
    codes.some((code) => code === kind || code === FORM_SLUGS[kind]),
  );
}

export interface WebhookForm {
  id: number;
  kind: string;
  title: string;
  /** the title in the event's other languages (extension) */
  titles?: Partial<Record<Locale, string>> | undefined;
  open: boolean;
  /** the organiser's questions (extension), the retired ones included */
  questions?: readonly CustomQuestion[] | undefined;
  /** extension: when the form stops taking registrations (ISO) */
  closesAt?: string | null | undefined;
}

/**
 * Only the public part of the event's forms; unknown codes are left out. One form per kind: a form named
 * by its kind (`exhibitor`) wins over one named by the slug (`exposant`), so that an organiser who opens or
 * closes `exhibitor` is obeyed even where the reference data named the form `exposant`; otherwise the
 * first one.
 */
export function publicFormsOf(forms: readonly WebhookForm[]): z.infer<typeof publicForm>[] {
  const out: z.infer<typeof publicForm>[] = [];
  const byKindCode = new Set<RegistrationKind>();
  for (const form of forms) {
    const kind = kindOfFormCode(form.kind);
    if (!kind) continue;
    const exact = form.kind === kind;
    const titles = Object.fromEntries(
      Object.entries(form.titles ?? {}).filter(([, title]) => title?.trim()),
    ) as Partial<Record<Locale, string>>;
    const entry = {
      kind,
      formId: form.id,
      title: form.title.trim() || null,
      titles,
      open: form.open,
      questions: activeQuestions(form.questions),
      ...(form.closesAt ? { closesAt: form.closesAt } : {}),
    };
    const at = out.findIndex((f) => f.kind === kind);
    if (at < 0) out.push(entry);
    else if (exact && !byKindCode.has(kind)) out[at] = entry;
    if (exact) byKindCode.add(kind);
  }
  return out;
}

/**
 * The questions a kind's registrations answered, from the event's forms, the retired ones included (the
 * console lists, shows and exports their answers): those of the form named by the kind, else by its slug.
 */
export function questionsOfKind(forms: readonly WebhookForm[], kind: RegistrationKind): CustomQuestion[] {
  const matching = forms.filter((form) => kindOfFormCode(form.kind) === kind || form.kind === kind);
  const form = matching.find((f) => f.kind === kind) ?? matching[0];
  return [...(form?.questions ?? [])];
}
