/*
 * What order, checkout and payment pages may ask of the server: the order use-cases and their
 * presenters.
 * Pages reach the server only through facades like this one (eslint.config.js: only
 * *.server.ts modules of app/ import server/), so what a page may call is listed here.
 */
export { requireOrderPaymentAccess } from '@server/auth/order-access';
export { getOrderConfirmation } from '@server/use-cases/checkout/order-confirmation';
export { listOrders } from '@server/use-cases/orders/list-orders';
export { findByScan } from '@server/use-cases/intake/find-by-scan';
export { orderBoard } from '@server/use-cases/orders/order-board';
export { adminOrderDetail } from '@server/use-cases/orders/order-detail';
export {
  boardView,
  orderListRowView,
  type BoardRowView,
} from '@server/use-cases/orders/present-board';
export {
  adminOrderView,
  customerDetailView,
} from '@server/use-cases/orders/present-order-for-staff';
export { customerOrdersView } from '@server/use-cases/orders/present-order-for-customer';
export {
  orderConfirmationView,
  paymentOrderView,
} from '@server/use-cases/orders/present-order-confirmation';
export { paymentPageOrder } from '@server/use-cases/payments/payment-steps';
export { downloadOrderDocument } from '@server/use-cases/invoices/download-document';
export { COUNTER_RECEIPT } from '@server/use-cases/invoices/vat-documents';
export { listOrderDocuments } from '@server/use-cases/invoices/list-order-documents';
export { documentLinks, type DocumentLink } from '@server/use-cases/invoices/present-documents';
export { rescheduleChoices, rescheduleOrder } from '@server/use-cases/orders/reschedule-order';
export { cancelOrder } from '@server/use-cases/cancellations/cancel-order';
