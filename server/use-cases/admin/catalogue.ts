import { asc, eq, getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { isoDate, recordId, text } from '@shared/text';
import { catalogueEntities, type CatalogueEntity, type FieldSpec } from '@shared/catalogue-admin';
import { MAX_UNIT_PRICE_PENCE, poundsField } from '@shared/money';
import type { AppServices } from '../../services';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import {
  areaGroups,
  areas,
  blogPosts,
  branches,
  faqs,
  priceCategories,
  servicePages,
  services,
} from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import { sanitizeContentHtml } from '../../content/sanitize';
import { fieldErrors } from '@shared/api';
import { recordAudit, type Actor } from '../audit/record-audit';
import { priceView } from '../catalogue/present-catalogue';

/* Every catalogue table has a serial `id` and columns named as the descriptors' keys. */
const tables: Record<CatalogueEntity, PgTable> = {
  categories: priceCategories,
  services,
  'service-pages': servicePages,
  'area-groups': areaGroups,
  areas,
  branches,
  faqs,
  'blog-posts': blogPosts,
};

type Row = Record<string, unknown> & { id: number };

function idColumn(entity: CatalogueEntity) {
  return getTableColumns(tables[entity]).id!;
}

const required = 'This field is required.';
const IMAGE_PATH = /^\/(images|uploads)\/[A-Za-z0-9._/-]+$/;

/** The zod check of one field; values arrive as the form's strings (or JSON numbers/booleans). */
function fieldSchema(field: FieldSpec): z.ZodType {
  const str = text({ error: required }).trim().max(20_000, 'This is too long.');
  const needed = (s: z.ZodString) => (field.required ? s.min(1, required) : s);
  switch (field.kind) {
    case 'text':
    case 'textarea':
      return needed(str.max(field.kind === 'text' ? 300 : 2_000, 'This is too long.'));
    case 'html':
      return needed(str).transform((html) => sanitizeContentHtml(html));
    case 'slug':
      return str.regex(
        /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\|[a-z0-9]+(?:-[a-z0-9]+)*)*$/,
        'Use lower-case letters, digits and hyphens only.',
      );
    case 'image':
      return str.regex(IMAGE_PATH, 'Choose an uploaded image or a path under /images/.');
    case 'int':
      return z.coerce
        .number({ error: 'Enter a whole number.' })
        .int('Enter a whole number.')
        .min(0, 'Enter 0 or more.')
        .max(1_000_000, 'This number is too large.')
        .default(0);
    case 'float':
      return z.coerce
        .number({ error: 'Enter a number.' })
        .refine((n) => Number.isFinite(n) && Math.abs(n) <= 180, 'Enter a valid coordinate.');
    case 'money':
      return poundsField('Enter a price like 12.50.', MAX_UNIT_PRICE_PENCE);
    case 'bool':
      return z
        .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal('on')])
        .default(false)
        .transform((v) => v === true || v === 'true' || v === 'on');
    case 'days':
      return daysField;
    case 'date':
      return isoDate('Enter a date like 2026-11-22.').transform((d) => new Date(`${d}T09:00:00Z`));
    case 'hours':
      return needed(str).transform((value, ctx) => {
        const rows = value
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => line.split('|').map((part) => part.trim()));
        if (!rows.length || rows.some((r) => r.length !== 2 || !r[0] || !r[1])) {
          ctx.addIssue({ code: 'custom', message: 'One line per row: days | hours.' });
          return z.NEVER;
        }
        return rows.map(([days, hours]) => ({ days: days!, hours: hours! }));
      });
    default:
      return recordId(required);
  }
}

const daysMessage = 'Enter 1 to 60 working days, or leave it blank for the branch’s turnaround.';
/** Blank or null clears it (the branch's turnaround); absent keeps what is stored. */
const daysField = z
  .union([z.null(), z.literal(''), z.number(), text()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined) return undefined;
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const days = typeof value === 'number' ? value : Number(value.trim());
    if (!Number.isInteger(days) || days < 1 || days > 60) {
      ctx.addIssue({ code: 'custom', message: daysMessage });
      return z.NEVER;
    }
    return days;
  });

function schemaOf(entity: CatalogueEntity) {
  const fields = catalogueEntities[entity].fields as readonly FieldSpec[];
  return z.object(Object.fromEntries(fields.map((f) => [f.key, fieldSchema(f)])));
}

/**
 * A row as the form shows it: money as '12.50', hours as lines, dates as YYYY-MM-DD, days
 * blank when none.
 */
function toForm(entity: CatalogueEntity, row: Row) {
  const out: Record<string, unknown> = { id: row.id };
  for (const field of catalogueEntities[entity].fields as readonly FieldSpec[]) {
    const value = row[field.key];
    if (field.kind === 'money') out[field.key] = priceView(value as number);
    else if (field.kind === 'hours') {
      out[field.key] = (value as { days: string; hours: string }[])
        .map((h) => `${h.days} | ${h.hours}`)
        .join('\n');
    } else if (field.kind === 'date') out[field.key] = (value as Date).toISOString().slice(0, 10);
    else if (field.kind === 'days') out[field.key] = value ?? '';
    else out[field.key] = value;
  }
  return out;
}

/** All records of one kind, for the back office list, with the choices of reference fields. */
export async function listCatalogue(
  deps: Pick<AppServices, 'db'>,
  input: { entity: CatalogueEntity },
) {
  const { db } = deps;
  const { entity } = input;
  const rows = (await db
    .select()
    .from(tables[entity])
    .orderBy(asc(idColumn(entity)))) as Row[];
  const refs: Record<string, { id: number; label: string }[]> = {};
  for (const field of catalogueEntities[entity].fields as readonly FieldSpec[]) {
    if (typeof field.kind === 'object') {
      const target = field.kind.ref;
      const labelKey = (catalogueEntities[target].fields as readonly FieldSpec[])[0]!.key;
      const targetRows = (await db.select().from(tables[target])) as Row[];
      refs[field.key] = targetRows.map((r) => ({ id: r.id, label: String(r[labelKey]) }));
    }
  }
  return { entity, rows: rows.map((r) => toForm(entity, r)), refs };
}

function mapWriteError(entity: CatalogueEntity, error: unknown): never {
  if (isUniqueViolation(error)) {
    throw new ConflictError(
      `Another ${catalogueEntities[entity].singular} already uses that code or address.`,
    );
  }
  if (isForeignKeyViolation(error)) {
    throw new ConflictError(
      `This ${catalogueEntities[entity].singular} is still in use (or refers to a record that does not exist), so it cannot be changed this way.`,
    );
  }
  throw error;
}

function parseInput(entity: CatalogueEntity, input: unknown) {
  const result = schemaOf(entity).safeParse(input ?? {});
  if (!result.success) {
    throw new ValidationError('Please check the highlighted fields.', fieldErrors(result.error));
  }
  return result.data as Record<string, unknown>;
}

/** Creates (id null) or updates a record, with its audit entry, in one transaction. */
export async function saveCatalogueRecord(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; entity: CatalogueEntity; id: number | null; values: unknown },
) {
  const { db } = deps;
  const { actor, entity, id } = input;
  const now = deps.now();
  const values = parseInput(entity, input.values);
  const table = tables[entity];
  try {
    return await db.transaction(async (tx) => {
      let before: Row | undefined;
      if (id !== null) {
        [before] = (await tx
          .select()
          .from(table)
          .where(eq(idColumn(entity), id))
          .for('update')) as Row[];
        if (!before)
          throw new NotFoundError(`That ${catalogueEntities[entity].singular} no longer exists.`);
      }
      const [after] = (
        id === null
          ? await tx.insert(table).values(values).returning()
          : await tx
              .update(table)
              .set(values)
              .where(eq(idColumn(entity), id))
              .returning()
      ) as Row[];
      await recordAudit(tx, {
        actor,
        now,
        action: id === null ? 'catalogue.create' : 'catalogue.update',
        entity,
        entityId: after!.id,
        before,
        after: after!,
      });
      return toForm(entity, after!);
    });
  } catch (error) {
    mapWriteError(entity, error);
  }
}

export async function deleteCatalogueRecord(
  deps: Pick<AppServices, 'db' | 'now'>,
  input: { actor: Actor; entity: CatalogueEntity; id: number },
) {
  const { db } = deps;
  const { actor, entity, id } = input;
  const now = deps.now();
  const table = tables[entity];
  try {
    await db.transaction(async (tx) => {
      const [before] = (await tx
        .delete(table)
        .where(eq(idColumn(entity), id))
        .returning()) as Row[];
      if (!before)
        throw new NotFoundError(`That ${catalogueEntities[entity].singular} no longer exists.`);
      await recordAudit(tx, {
        actor,
        now,
        action: 'catalogue.delete',
        entity,
        entityId: id,
        before,
        after: null,
      });
    });
  } catch (error) {
    mapWriteError(entity, error);
  }
}
