import { errorCode } from '@evt/contracts/errors';
import { fieldErrors } from '@evt/contracts/validation';
import type { z } from 'zod';
import { HttpError } from './http-error';

/** Parses with a contract schema or throws 400 errors.validation with the field keys. */
export function validate<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new HttpError(400, errorCode.validation, { fieldErrors: fieldErrors(parsed.error) });
  }
  return parsed.data;
}
