import { errorCode } from '@evt/contracts/errors';
import { CSRF_HEADER, CSRF_HEADER_VALUE, errorBody } from '@evt/contracts/http';
import type { RegistrationKind } from '@evt/contracts/forms/kinds';
import {
  type RegistrationEnvelope,
  publicRegistrationRoutes,
  type UploadResult,
} from '@evt/contracts/public-registrations';
import { API_PREFIX, apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

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
 * One file to POST /api/public/uploads with progress: fetch cannot report upload progress,
 * XMLHttpRequest can. The text fields go first so that the BFF knows the field's limits when the file comes.
 */
export function uploadFile(
  input: { eventSlug: string; kind: RegistrationKind; field: string; file: File },
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  const form = new FormData();
  form.append('eventSlug', input.eventSlug);
  form.append('kind', input.kind);
  form.append('field', input.field);
  form.append('file', input.file, input.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}${publicRegistrationRoutes.upload.path}`);
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: errorCode.connection }));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status === 201) return resolve(payload as UploadResult);
      const parsed = errorBody.safeParse(payload);
      reject(
        new ApiError({
          status: xhr.status,
          code: parsed.success
            ? parsed.data.error.code
            : xhr.status >= 500
              ? errorCode.connection
              : errorCode.generic,
        }),
      );
    };
    xhr.send(form);
  });
}
