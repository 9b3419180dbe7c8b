/*
 * What order, checkout and payment pages may ask of the server: the order use-cases and their presenter.
 * Pages reach the server only through facades like this one (eslint.config.js: only
 * *.server.ts modules of app/ import server/), so what a page may call is listed here.
 */
export { requireOrderPaymentAccess } from '@server/auth/order-access';
export { getOrderConfirmation } from '@server/use-cases/checkout/order-confirmation';
export { listOrders } from '@server/use-cases/orders/list-orders';
export { orderBoard } from '@server/use-cases/orders/order-board';
export { adminOrderDetail } from '@server/use-cases/orders/order-detail';
export {
  adminOrderView,
  boardView,
  customerDetailView,
  customerOrdersView,
  orderConfirmationView,
  orderListRowView,
  paymentOrderView,
  type BoardRowView,
} from '@server/use-cases/orders/present-order';
export { paymentPageOrder } from '@server/use-cases/payments/payment-steps';
export { downloadOrderDocument } from '@server/use-cases/invoices/download-document';
export { listOrderDocuments } from '@server/use-cases/invoices/list-order-documents';
export { documentLinks, type DocumentLink } from '@server/use-cases/invoices/present-documents';
export { rescheduleChoices, rescheduleOrder } from '@server/use-cases/orders/reschedule-order';
