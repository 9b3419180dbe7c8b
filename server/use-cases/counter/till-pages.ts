import { renderZReport } from '../../adapters/pdf/render-z-report';
import type { CurrentStaff } from '../../auth/staff';
import type { AppServices } from '../../services';
import { tillDaySummaryView, tillDayView, tillWaitingView } from './present-till';
import { tillOverview, tillReport } from './till-report';

/* The till's pages (decision 051) read what its API answers, presented the same way. */

type Staff = Pick<CurrentStaff, 'id' | 'role' | 'sessionBranchId'>;

export async function tillOverviewView(
  services: Pick<AppServices, 'db' | 'config'>,
  input: { staff: Staff },
) {
  const found = await tillOverview(services, input);
  return {
    current: found.current ? tillDayView(services.config.brand, found.current) : null,
    days: found.days.map(tillDaySummaryView),
    waiting: tillWaitingView(found.waiting),
  };
}

export async function tillDayPageView(
  services: Pick<AppServices, 'db' | 'config'>,
  input: { staff: Staff; dayId: number },
) {
  return tillDayView(services.config.brand, await tillReport(services, input));
}

/**
 * A till day's Z report as an A4 PDF, with its file name (decision 056): the page's numbers,
 * from the same presenter; for the same staff as the page (its branch's staff and the owner).
 */
export async function tillDayPdf(
  services: Pick<AppServices, 'db' | 'config'>,
  input: { staff: Staff; dayId: number },
) {
  const day = await tillDayPageView(services, input);
  const slug = day.branch.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return {
    pdf: await renderZReport(day, services.config.brand.name),
    filename: `z-report-${slug}-${day.day}.pdf`,
  };
}
