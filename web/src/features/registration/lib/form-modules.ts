import type { FormDefinition } from '@evt/contracts/forms/define';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';

export interface FormModule {
  form: FormDefinition;
}

const plain = (load: Promise<{ form: FormDefinition }>) => load.then((m) => ({ form: m.form }));

/**
 * Each kind's own contract file, loaded on demand: a visitor downloads the schema of the form they open
 * and never the registry of every form.
 */
const FORM_LOADERS: Record<RegistrationKind, () => Promise<FormModule>> = {
  participant: () => plain(import('@evt/contracts/forms/participant')),
  participant_osaka: () => plain(import('@evt/contracts/forms/participant-osaka')),
  participant_fipdc: () => plain(import('@evt/contracts/forms/participant-fipdc')),
  participant_sipen: () => plain(import('@evt/contracts/forms/participant-sipen')),
  participant_5km: () => plain(import('@evt/contracts/forms/participant-5km')),
  exhibitor: () => plain(import('@evt/contracts/forms/exhibitor')),
  exhibitor_legacy: () => plain(import('@evt/contracts/forms/exhibitor-legacy')),
  panelist: () => plain(import('@evt/contracts/forms/panelist')),
  press_agent: () => plain(import('@evt/contracts/forms/press-agent')),
  travel_agency: () => plain(import('@evt/contracts/forms/travel-agency')),
  delegation: () => plain(import('@evt/contracts/forms/delegation')),
  delegation_member: () => plain(import('@evt/contracts/forms/delegation-member')),
  sponsor: () => plain(import('@evt/contracts/forms/sponsor')),
  b2b: () => plain(import('@evt/contracts/forms/b2b')),
  receptionist: () => plain(import('@evt/contracts/forms/receptionist')),
};

const loaded = new Map<RegistrationKind, FormModule>();
const loading = new Map<RegistrationKind, Promise<FormModule>>();

/**
 * A kind's form module, loaded once: callers that ask while it is on its way (the entry's prefetch, then
 * the page's wait) share one load; a failed load is asked again next time.
 */
export function loadFormModule(kind: RegistrationKind): Promise<FormModule> {
  let pending = loading.get(kind);
  if (!pending) {
    pending = FORM_LOADERS[kind]().then(
      (module) => {
        loaded.set(kind, module);
        return module;
      },
      (error: unknown) => {
        loading.delete(kind);
        throw error;
      },
    );
    loading.set(kind, pending);
  }
  return pending;
}

/** The module if it is already here: a page whose route waited for it renders the form at once. */
export const loadedFormModule = (kind: RegistrationKind): FormModule | null => loaded.get(kind) ?? null;
