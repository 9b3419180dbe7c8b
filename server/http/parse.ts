import type { z } from 'zod';
import { BadRequestError, ValidationError } from '../errors';

/** Field → messages, the shape every 422 reply carries. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    (errors[field] ??= []).push(issue.message);
  }
  return errors;
}

/** Parses a request body; a broken rule is a 422 with every field's message. */
export function parseBody<S extends z.ZodType>(
  schema: S,
  body: unknown,
  message = 'Please check mandatory fields.',
): z.infer<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw new ValidationError(message, fieldErrors(result.error));
  return result.data;
}

/** Parses path or query parameters; a malformed one is a 400 with the first message. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.infer<S> {
  const result = schema.safeParse(params);
  if (!result.success) {
    throw new BadRequestError(result.error.issues[0]?.message ?? 'Invalid request.');
  }
  return result.data;
}
