import type * as z from 'zod/mini';
import { formatIssues } from '../schemas/formatIssues.js';
import { SvcInputError } from './SvcApiError.js';

/**
 * Validates a request's input before anything is sent.
 *
 * @throws SvcInputError naming the operation and the path of each bad field.
 */
export function validateInput<T>(operation: string, schema: z.ZodMiniType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) throw new SvcInputError(`${operation}: ${formatIssues(result.error.issues, input)}`);
  return result.data;
}
