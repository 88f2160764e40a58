import { errorCode } from '@evt/contracts/errors';
import { CSRF_HEADER, CSRF_HEADER_VALUE, errorBody } from '@evt/contracts/http';
import { ApiError } from './api-error';
import { API_PREFIX } from './api-client';
import { notifyUnauthorized } from './unauthorized';

/**
 * A multipart upload to a BFF route with progress: fetch cannot report upload progress, XMLHttpRequest
 * can (its `upload.onprogress`). Failures become the same ApiError as apiRequest's.
 */
export function uploadFiles(
  path: string,
  files: readonly File[],
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<unknown> {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_PREFIX}${path}`);
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(new ApiError({ status: 0, code: errorCode.connection }));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    xhr.onload = () => {
      let payload: unknown;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        payload = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(payload);
        return;
      }
      if (xhr.status === 401) notifyUnauthorized();
      const parsed = errorBody.safeParse(payload);
      reject(
        new ApiError({
          status: xhr.status,
          code: parsed.success ? parsed.data.error.code : errorCode.generic,
          fieldErrors: parsed.success ? parsed.data.error.details?.fieldErrors : undefined,
        }),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}

/** Refuses early what the server would refuse anyway (the server still checks the bytes). */
export function checkFile(file: File, maxBytes: number, types: readonly string[]): string | null {
  if (file.size > maxBytes) return errorCode.payloadTooLarge;
  if (!types.includes(file.type)) return errorCode.unsupportedMediaType;
  return null;
}
