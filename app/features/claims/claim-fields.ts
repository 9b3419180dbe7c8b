import { recordId } from '@shared/text';

/*
 * The claim form's field names (issue 34): one group per garment of the order,
 * `g.<order garment id>.<field>`, read back by the form's action and named in its errors.
 */

export const garmentField = (garmentId: number, name: string) => `g.${garmentId}.${name}`;

/** The ids of the garments ticked in a posted form. */
export function includedGarments(fields: Record<string, string>): number[] {
  return Object.keys(fields)
    .map((key) => /^g\.(\d+)\.include$/.exec(key))
    .filter((m): m is RegExpExecArray => m !== null && fields[m[0]] === 'on')
    .map((m) => Number(m[1]));
}

/**
 * The claim input of the API (`items`, `note`) from the form's fields: only the ticked
 * garments, and only the fields the kind needs (empty optional fields left out).
 */
export function claimBody(fields: Record<string, string>, garmentIds: number[]) {
  const read = (id: number, name: string) => {
    const value = fields[garmentField(id, name)]?.trim() ?? '';
    return value === '' ? undefined : value;
  };
  return {
    items: garmentIds.map((id) => {
      const kind = read(id, 'kind');
      return {
        order_garment_id: id,
        kind,
        damage_kind: kind === 'damaged' ? read(id, 'damage_kind') : undefined,
        category: read(id, 'category'),
        age_months: read(id, 'age_months'),
        replacement_cost: read(id, 'replacement_cost'),
        note: read(id, 'note') ?? '',
      };
    }),
    note: fields.note ?? '',
  };
}

/**
 * The schema's error paths (`items.0.kind`) as the form's field names (`g.12.kind`); an
 * error of the whole list (no garment ticked) stays `items`.
 */
export function fieldErrorsByGarment(
  errors: Record<string, string>,
  garmentIds: number[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const m = /^items\.(\d+)\.(.+)$/.exec(path);
    const id = m ? garmentIds[Number(m[1])] : undefined;
    out[m && id !== undefined ? garmentField(id, m[2]!) : path] = message;
  }
  return out;
}

/** A claim's or a claimed garment's id from a path or a field; null for anything else. */
export function recordIdOf(value: unknown): number | null {
  const parsed = recordId().safeParse(value);
  return parsed.success ? parsed.data : null;
}
