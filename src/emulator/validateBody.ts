import type * as z from 'zod/mini';
import { formatIssues } from '../schemas/formatIssues.js';
import { fail } from './fail.js';

/** Validates parsed JSON against a schema; an invalid body is a 400 naming the fields. */
export function validateBody<T>(schema: z.ZodMiniType<T>, json: unknown): T {
  const result = schema.safeParse(json);
  if (!result.success) return fail(400, `invalid body: ${formatIssues(result.error.issues, json)}`);
  return result.data;
}
