import { data } from 'react-router';
import type { z } from 'zod';

/**
 * A page's query string parsed with a shared schema. A malformed value (a control character,
 * a day that does not exist, an id out of range) is a 400 page with the field's message,
 * never a database error.
 */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.infer<S> {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const result = schema.safeParse(params);
  if (!result.success) {
    throw data(result.error.issues[0]?.message ?? 'This address is not valid.', { status: 400 });
  }
  return result.data;
}
