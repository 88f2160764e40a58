import { type AutomationOperationName, automationOperations } from '@evt/contracts/automation';
import type { z } from 'zod';
import { apiSend } from './api-client';

/** A webhook operation through the BFF gateway (`/api/automation/{name}`), the answer parsed with `schema`. */
export async function automation<T extends z.ZodType>(
  name: AutomationOperationName,
  query: Record<string, string | number>,
  schema: T,
  init: {
    method?: 'GET' | 'POST' | 'DELETE';
    body?: BodyInit;
    contentType?: string;
    signal?: AbortSignal;
  } = {},
): Promise<z.infer<T>> {
  if (!(name in automationOperations)) throw new Error(`unknown operation ${name}`);
  const { payload } = await apiSend(`/automation/${name}`, { ...init, query });
  return schema.parse(payload);
}
