import type { FormDefinition } from '@evt/contracts/forms/define';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import { withQuestions } from '@evt/contracts/forms/questions';
import { questionsOfKind } from '@evt/contracts/registration-forms';
import type { QueryClient } from '@tanstack/react-query';
import { eventFormsQueryOptions } from '../../../lib/queries/event-forms';
import { loadFormModule } from './form-modules';

/**
 * A kind's form as the console shows its registrations: the kind's fields, then the event form's custom
 * questions (the retired ones included: their answers are still shown and exported). Without the event's
 * forms (a reading refused), the kind's own fields. Apart from form-modules.ts, which the visitor's entry
 * loads: the event's forms come through the console's automation gateway.
 */
export async function consoleFormDefinition(
  queryClient: QueryClient,
  eventId: number,
  kind: RegistrationKind,
): Promise<FormDefinition> {
  const [module, forms] = await Promise.all([
    loadFormModule(kind),
    queryClient.fetchQuery(eventFormsQueryOptions(eventId)).catch(() => []),
  ]);
  return withQuestions(module.form, questionsOfKind(forms, kind));
}
