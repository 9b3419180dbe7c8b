import { call } from '~/utils/api-client';
import { routes } from '@shared/api/routes';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  catalogueEntities,
  catalogueEntityKeys,
  isCatalogueEntity,
  type FieldSpec,
} from '@shared/catalogue-admin';
import { listCatalogue } from '~/server/back-office.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { FeedbackBanner, useAdminAction } from '~/features/admin/ui';
import type { Route } from './+types/catalogue';

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url });
  const entity = params.entity && isCatalogueEntity(params.entity) ? params.entity : 'services';
  return await listCatalogue(services, { entity });
}

type Values = Record<string, unknown>;

function FieldInput({
  field,
  value,
  onChange,
  refs,
  error,
}: {
  field: FieldSpec;
  value: unknown;
  onChange: (v: unknown) => void;
  refs: { id: number; label: string }[] | undefined;
  error?: string[];
}) {
  const id = `field-${field.key}`;
  const common = {
    id,
    className: 'field-input',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': field.hint ? `${id}-hint` : undefined,
  };
  const [uploading, setUploading] = useState<string | null>(null);
  let input: React.ReactNode;
  if (typeof field.kind === 'object') {
    input = (
      <select {...common} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {(refs ?? []).map((r) => (
          <option key={r.id} value={r.id}>
            {r.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'bool') {
    input = (
      <input
        id={id}
        type="checkbox"
        checked={Boolean(value)}
        onChange={(e) => onChange(e.target.checked)}
      />
    );
  } else if (field.kind === 'html' || field.kind === 'textarea' || field.kind === 'hours') {
    input = (
      <textarea
        {...common}
        rows={field.kind === 'html' ? 8 : 3}
        value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  } else if (field.kind === 'image') {
    input = (
      <div className="flex flex-wrap items-center gap-3">
        {value ? (
          <img src={String(value)} alt="" className="h-14 w-20 rounded border object-cover" />
        ) : null}
        <input
          {...common}
          className="field-input flex-1"
          value={String(value ?? '')}
          onChange={(e) => onChange(e.target.value)}
        />
        <label className="btn-secondary cursor-pointer py-2 text-sm">
          Upload…
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (!file) return;
              setUploading('Uploading…');
              const reply = await call(routes.admin.upload, undefined, {
                raw: { data: file, contentType: file.type || 'application/octet-stream' },
              });
              if (reply.ok) {
                onChange(reply.data.path);
                setUploading(null);
              } else setUploading(reply.error.message);
            }}
          />
        </label>
        {uploading ? <span className="text-sm text-slate-600">{uploading}</span> : null}
      </div>
    );
  } else {
    input = (
      <input
        {...common}
        type={field.kind === 'date' ? 'date' : 'text'}
        inputMode={
          field.kind === 'days'
            ? 'numeric'
            : field.kind === 'int' || field.kind === 'money' || field.kind === 'float'
              ? 'decimal'
              : undefined
        }
        value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <div className={field.kind === 'html' ? 'sm:col-span-2' : ''}>
      <label htmlFor={id} className="field-label">
        {field.label}
        {field.required ? ' *' : ''}
      </label>
      {input}
      {field.hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {field.hint}
        </p>
      ) : null}
      {error ? <p className="field-error">{error.join(' ')}</p> : null}
    </div>
  );
}

export default function AdminCatalogue({ loaderData }: Route.ComponentProps) {
  const { entity, rows, refs } = loaderData;
  const spec = catalogueEntities[entity];
  const fields = spec.fields as readonly FieldSpec[];
  const { run, busy, feedback, setFeedback } = useAdminAction();
  const [editing, setEditing] = useState<Values | null>(null);
  const listFields = fields.filter((f) => f.list);

  async function save() {
    if (!editing) return;
    const { id, ...values } = editing;
    const result = id
      ? await run(routes.admin.updateCatalogueRecord, {
          params: { entity, id: String(id) },
          body: values,
        })
      : await run(routes.admin.createCatalogueRecord, { params: { entity }, body: values });
    if (result.ok) setEditing(null);
  }

  async function remove(row: Values) {
    if (!window.confirm(`Delete this ${spec.singular}? It disappears from the website at once.`))
      return;
    await run(routes.admin.deleteCatalogueRecord, { params: { entity, id: String(row.id) } });
  }

  const display = (field: FieldSpec, value: unknown) => {
    if (typeof field.kind === 'object')
      return refs[field.key]?.find((r) => r.id === value)?.label ?? '';
    if (field.kind === 'money') return value === '0.00' ? 'call for price' : `£${String(value)}`;
    return String(value ?? '');
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Catalogue</h1>
      <nav aria-label="Catalogue parts" className="flex flex-wrap gap-2">
        {catalogueEntityKeys.map((key) => (
          <Link
            key={key}
            to={`/admin/catalogue/${key}`}
            onClick={() => {
              setEditing(null);
              setFeedback(null);
            }}
            className={`rounded-full px-3 py-1 text-sm font-medium ${key === entity ? 'bg-brand text-white' : 'bg-white text-slate-700 shadow-sm hover:bg-slate-50'}`}
          >
            {catalogueEntities[key].title}
          </Link>
        ))}
      </nav>
      <FeedbackBanner feedback={feedback} />

      {editing ? (
        <section className="card space-y-4" aria-label={`Edit ${spec.singular}`}>
          <h2 className="text-lg font-semibold">
            {editing.id ? `Edit ${spec.singular}` : `New ${spec.singular}`}
          </h2>
          <div className="grid gap-4 sm:grid-cols-2">
            {fields.map((field) => (
              <FieldInput
                key={field.key}
                field={field}
                value={editing[field.key]}
                refs={refs[field.key]}
                error={feedback && !feedback.ok ? feedback.errors?.[field.key] : undefined}
                onChange={(v) => setEditing((e) => ({ ...e, [field.key]: v }))}
              />
            ))}
          </div>
          <div className="flex gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={busy}
              onClick={() => void save()}
            >
              Save
            </button>
            <button type="button" className="btn-secondary" onClick={() => setEditing(null)}>
              Close
            </button>
          </div>
        </section>
      ) : (
        <button type="button" className="btn-primary" onClick={() => setEditing({})}>
          New {spec.singular}
        </button>
      )}

      <div className="card overflow-x-auto p-0">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              {listFields.map((f) => (
                <th key={f.key} className="px-4 py-2">
                  {f.label}
                </th>
              ))}
              <th className="px-4 py-2" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={String(row.id)}>
                {listFields.map((f) => (
                  <td key={f.key} className="px-4 py-2">
                    {display(f, row[f.key])}
                  </td>
                ))}
                <td className="px-4 py-2 text-right whitespace-nowrap">
                  <button
                    type="button"
                    className="mr-3 text-brand underline"
                    onClick={() => setEditing(row)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="text-red-700 underline"
                    onClick={() => void remove(row)}
                  >
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
