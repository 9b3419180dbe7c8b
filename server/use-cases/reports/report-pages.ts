import { reportNames, type ReportName, type ReportQuery } from '@shared/api/admin/reports';
import type { CurrentStaff } from '../../auth/staff';
import type { AppServices } from '../../services';
import { uncollectedTicketView } from '../counter/present-uncollected';
import { uncollectedTickets } from '../counter/uncollected';
import { ownerReportView } from './present-reports';

/* What the reports page and the uncollected screen read (decision 054), as the API answers. */

type Staff = Pick<CurrentStaff, 'id' | 'name' | 'role' | 'sessionBranchId'>;

export async function ownerReportsPage(
  services: Pick<AppServices, 'db' | 'now'>,
  input: { staff: Staff; query: ReportQuery },
) {
  const reports = [];
  for (const name of reportNames) {
    reports.push(await ownerReportView(services, { staff: input.staff, name, query: input.query }));
  }
  return reports;
}

export async function uncollectedPage(
  services: Pick<AppServices, 'db' | 'now' | 'config'>,
  input: { staff: Staff },
) {
  const found = await uncollectedTickets(services, input);
  return {
    canDecide: found.canDecide,
    tickets: found.tickets.map((t) => uncollectedTicketView(services.config.brand, t)),
  };
}

export type { ReportName };
