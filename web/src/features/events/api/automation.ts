import { type AutomationOperationName, automationOperations } from '@evt/contracts/automation';
import { errorCode } from '@evt/contracts/errors';
import { CSRF_HEADER, CSRF_HEADER_VALUE, errorBody } from '@evt/contracts/http';
import type { z } from 'zod';
import { API_PREFIX } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { notifyUnauthorized } from '../../../lib/unauthorized';

/** A webhook operation through the BFF gateway (`/api/automation/{name}`), the answer parsed with `schema`. */
export async function automation<T extends z.ZodType>(
  name: AutomationOperationName,
  query: Record<string, string | number>,
  schema: T,
  init: { method?: 'GET' | 'POST'; body?: BodyInit; contentType?: string; signal?: AbortSignal } = {},
): Promise<z.infer<T>> {
  if (!(name in automationOperations)) throw new Error(`unknown operation ${name}`);
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const method = init.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  if (init.contentType) headers['content-type'] = init.contentType;
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}/automation/${name}?${search}`, {
      method,
      headers,
      body: init.body,
      credentials: 'same-origin',
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: errorCode.connection });
  }
  const payload = await response.json().catch(() => undefined);
  if (!response.ok) {
    if (response.status === 401) notifyUnauthorized();
    const parsed = errorBody.safeParse(payload);
    throw new ApiError({
      status: response.status,
      code: parsed.success ? parsed.data.error.code : errorCode.generic,
    });
  }
  return schema.parse(payload);
}
