import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import {
  type RegistrationEnvelope,
  publicRegistrationRoutes,
  type UploadResult,
} from '@evt/contracts/public-registrations';
import { apiRequest, apiUpload } from '../../../lib/api-client';

/** The event's public forms; pages read them through `useEventForms` (./event-forms.ts), which caches them. */
export const fetchEventForms = (slug: string) =>
  apiRequest(publicRegistrationRoutes.forms, { params: { slug } });

export const submitRegistration = (slug: string, kind: RegistrationKind, body: RegistrationEnvelope) =>
  apiRequest(publicRegistrationRoutes.register, { params: { slug, kind }, body });

export const confirmRegistration = (token: string) =>
  apiRequest(publicRegistrationRoutes.confirm, { query: { token } });

export const resendConfirmation = (body: {
  email: string;
  eventSlug: string;
  kind: RegistrationKind;
  locale: 'fr' | 'en' | 'ja';
}) => apiRequest(publicRegistrationRoutes.resend, { body });

/**
 * One file to POST /api/public/uploads with progress, through the transport's upload: the text fields go
 * first so that the BFF knows the field's limits when the file comes.
 */
export const uploadFile = (
  input: { eventSlug: string; kind: RegistrationKind; field: string; file: File },
  onProgress: (fraction: number) => void,
): Promise<UploadResult> =>
  apiUpload(
    publicRegistrationRoutes.upload,
    { fields: { eventSlug: input.eventSlug, kind: input.kind, field: input.field }, files: [input.file] },
    onProgress,
  );

/** The event's public page; read through `useEventPage` (./event-page.ts), which caches it. */
export const fetchEventPage = (slug: string) =>
  apiRequest(publicRegistrationRoutes.event, { params: { slug } });
