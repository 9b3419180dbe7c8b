import type { z } from 'zod';

/**
 * Request schemas that accept more shapes than their JSON Schema shows: a `z.preprocess`
 * turning one shape into another documents only the shape it ends with. Registered here, the
 * OpenAPI document shows every accepted shape (`anyOf`). Kept apart from the contract so the
 * validation rules (shared/validation.ts) can register without importing the API.
 */
export const acceptedShapes = new WeakMap<object, readonly z.ZodType[]>();

/** Declares that `schema` accepts each of `shapes` (as the request writes them). */
export function acceptsShapes<S extends z.ZodType>(schema: S, ...shapes: z.ZodType[]): S {
  acceptedShapes.set(schema, shapes);
  return schema;
}
