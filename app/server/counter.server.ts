/*
 * What the counter's pages may ask of the server (issue 32, decision 049): where the counter
 * starts from, and a ticket's receipt. Customers and tickets are written through the API
 * (shared/api/admin/counter.ts).
 */
export { counterSetup } from '@server/use-cases/counter/counter-setup';
export {
  counterTicketView,
  customerTicketReceiptPdf,
  ticketReceiptPdf,
} from '@server/use-cases/counter/ticket';
export {
  tillDayPageView,
  tillDayPdf,
  tillOverviewView,
} from '@server/use-cases/counter/till-pages';
