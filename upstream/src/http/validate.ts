import type { z } from 'zod';

/** Parses a body, query or params object; a ZodError becomes a 400 in the error middleware. */
export function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  return schema.parse(value ?? {});
}
