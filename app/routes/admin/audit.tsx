import { z } from 'zod';
import { recordId } from '@shared/text';
import { readQuery } from '~/utils/query';
import { listAudit } from '~/server/back-office.server';
import { requireStaffPage } from '~/features/admin/guard.server';
import { londonDateTime } from '~/features/admin/ui';
import type { Route } from './+types/audit';

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const { services } = context;
  await requireStaffPage(services, { request, url }, ['owner']);
  const { before } = readQuery(request, z.object({ before: recordId().optional() }));
  return { entries: await listAudit(services, { beforeId: before, limit: 100 }) };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { entries } = loaderData;
  const last = entries.at(-1);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold">Audit log</h1>
      <div className="card overflow-x-auto p-0">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs text-slate-600 uppercase">
            <tr>
              <th className="px-4 py-2">When</th>
              <th className="px-4 py-2">Who</th>
              <th className="px-4 py-2">What</th>
              <th className="px-4 py-2">Before</th>
              <th className="px-4 py-2">After</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 align-top">
            {entries.map((e) => (
              <tr key={e.id}>
                <td className="px-4 py-2 whitespace-nowrap">{londonDateTime(e.at)}</td>
                <td className="px-4 py-2">{e.staffName ?? 'command line or removed account'}</td>
                <td className="px-4 py-2">
                  {e.action}
                  <span className="block text-xs text-slate-500">
                    {e.entity} {e.entityId}
                  </span>
                </td>
                <td className="max-w-xs px-4 py-2">
                  <pre className="text-xs break-all whitespace-pre-wrap">
                    {e.before ? JSON.stringify(e.before, null, 1) : ''}
                  </pre>
                </td>
                <td className="max-w-xs px-4 py-2">
                  <pre className="text-xs break-all whitespace-pre-wrap">
                    {e.after ? JSON.stringify(e.after, null, 1) : ''}
                  </pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {last && entries.length === 100 ? (
        <a href={`/admin/audit?before=${last.id}`} className="btn-secondary">
          Older entries
        </a>
      ) : null}
    </div>
  );
}
