// Written by scripts/api-routes.ts from the contract (shared/api): do not edit by hand.
import type { Api, Routes } from './route';
import { publicRoutes } from './public-routes';

/**
 * Every endpoint of the contract without its schemas: what the browser's client needs at run
 * time (zod stays out of the pages' bundles). Each carries its endpoint's type, so
 * `call(routes.accounts.logIn, …)` is typed from the schemas all the same. Public pages
 * import public-routes.ts instead, without the back office's table.
 */
export const routes: Routes<Api> = {
  ...publicRoutes,
  webhooks: {
    stripe: { method: 'POST', path: '/api/webhooks/stripe' },
    twilioStatus: { method: 'POST', path: '/api/webhooks/twilio/status' },
    twilioInbound: { method: 'POST', path: '/api/webhooks/twilio/inbound' },
  },
  admin: {
    logIn: { method: 'POST', path: '/api/admin/login' },
    logOut: { method: 'POST', path: '/api/admin/logout', auth: ['staff'] },
    me: { method: 'GET', path: '/api/admin/me', auth: ['staff'] },
    board: { method: 'GET', path: '/api/admin/board', auth: ['staff'] },
    orders: { method: 'GET', path: '/api/admin/orders', auth: ['staff'] },
    order: { method: 'GET', path: '/api/admin/orders/:id', auth: ['staff'] },
    moveOrder: { method: 'POST', path: '/api/admin/orders/:id/status', auth: ['staff'] },
    setItems: { method: 'PUT', path: '/api/admin/orders/:id/items', auth: ['staff'] },
    settle: { method: 'POST', path: '/api/admin/orders/:id/settle', auth: ['staff'] },
    refund: { method: 'POST', path: '/api/admin/orders/:id/refund', auth: ['staff'] },
    invoice: { method: 'POST', path: '/api/admin/orders/:id/invoice', auth: ['staff'] },
    charge: { method: 'POST', path: '/api/admin/orders/:id/charge', auth: ['staff'] },
    answer: { method: 'POST', path: '/api/admin/orders/:id/messages', auth: ['staff'] },
    resendApproval: {
      method: 'POST',
      path: '/api/admin/orders/:id/approval/resend',
      auth: ['staff'],
    },
    slots: { method: 'GET', path: '/api/admin/slots', auth: ['staff'] },
    saveSlotRules: { method: 'PUT', path: '/api/admin/slots/rules', auth: ['staff'] },
    addClosedDate: { method: 'POST', path: '/api/admin/slots/closed-dates', auth: ['staff'] },
    removeClosedDate: {
      method: 'DELETE',
      path: '/api/admin/slots/closed-dates/:day',
      auth: ['staff'],
    },
    listCatalogue: { method: 'GET', path: '/api/admin/catalogue/:entity', auth: ['staff'] },
    createCatalogueRecord: {
      method: 'POST',
      path: '/api/admin/catalogue/:entity',
      auth: ['staff'],
    },
    updateCatalogueRecord: {
      method: 'PUT',
      path: '/api/admin/catalogue/:entity/:id',
      auth: ['staff'],
    },
    deleteCatalogueRecord: {
      method: 'DELETE',
      path: '/api/admin/catalogue/:entity/:id',
      auth: ['staff'],
    },
    upload: { method: 'POST', path: '/api/admin/uploads', auth: ['staff'] },
    customers: { method: 'GET', path: '/api/admin/customers', auth: ['staff'] },
    customer: { method: 'GET', path: '/api/admin/customers/:id', auth: ['staff'] },
    exportCustomer: { method: 'GET', path: '/api/admin/customers/:id/export', auth: ['staff'] },
    audit: { method: 'GET', path: '/api/admin/audit', auth: ['staff'] },
    staff: { method: 'GET', path: '/api/admin/staff', auth: ['staff'] },
    addStaff: { method: 'POST', path: '/api/admin/staff', auth: ['staff'] },
    setStaffDisabled: { method: 'POST', path: '/api/admin/staff/:id/disabled', auth: ['staff'] },
    setStaffBranches: { method: 'PUT', path: '/api/admin/staff/:id/branches', auth: ['staff'] },
    unlockStaff: { method: 'POST', path: '/api/admin/staff/:id/unlock', auth: ['staff'] },
    sendMarketingText: { method: 'POST', path: '/api/admin/marketing/texts', auth: ['staff'] },
    shopSettings: { method: 'GET', path: '/api/admin/settings', auth: ['staff'] },
    saveShopSettings: { method: 'PUT', path: '/api/admin/settings', auth: ['staff'] },
    branchSettings: { method: 'GET', path: '/api/admin/branches', auth: ['staff'] },
    saveBranchSettings: { method: 'PUT', path: '/api/admin/branches/:id', auth: ['staff'] },
    registerBranchReader: {
      method: 'POST',
      path: '/api/admin/branches/:id/reader',
      auth: ['staff'],
    },
    workingBranch: { method: 'GET', path: '/api/admin/branch', auth: ['staff'] },
    chooseWorkingBranch: { method: 'PUT', path: '/api/admin/branch', auth: ['staff'] },
    moveOrderBranch: { method: 'POST', path: '/api/admin/orders/:id/branch', auth: ['staff'] },
    counterFind: { method: 'GET', path: '/api/admin/counter/find', auth: ['staff'] },
    counterWalkIn: { method: 'POST', path: '/api/admin/counter/customers', auth: ['staff'] },
    counterRaiseTicket: { method: 'POST', path: '/api/admin/counter/tickets', auth: ['staff'] },
    counterTicketReady: {
      method: 'POST',
      path: '/api/admin/counter/tickets/:id/ready',
      auth: ['staff'],
    },
    counterCollect: {
      method: 'POST',
      path: '/api/admin/counter/tickets/:id/collect',
      auth: ['staff'],
    },
    counterTicket: { method: 'GET', path: '/api/admin/counter/tickets/:id', auth: ['staff'] },
    counterCardStart: {
      method: 'POST',
      path: '/api/admin/counter/tickets/:id/card',
      auth: ['staff'],
    },
    counterCardPayment: {
      method: 'GET',
      path: '/api/admin/counter/card-payments/:id',
      auth: ['staff'],
    },
    counterCardCancel: {
      method: 'POST',
      path: '/api/admin/counter/card-payments/:id/cancel',
      auth: ['staff'],
    },
    counterCardSimulate: {
      method: 'POST',
      path: '/api/admin/counter/card-payments/:id/simulate',
      auth: ['staff'],
    },
    counterAccountPayment: {
      method: 'POST',
      path: '/api/admin/counter/tickets/:id/account-payment',
      auth: ['staff'],
    },
    counterCashRefund: {
      method: 'POST',
      path: '/api/admin/counter/tickets/:id/refund',
      auth: ['staff'],
    },
    tillOverview: { method: 'GET', path: '/api/admin/counter/till', auth: ['staff'] },
    tillOpen: { method: 'POST', path: '/api/admin/counter/till', auth: ['staff'] },
    tillDay: { method: 'GET', path: '/api/admin/counter/till/days/:id', auth: ['staff'] },
    tillCash: { method: 'POST', path: '/api/admin/counter/till/days/:id/cash', auth: ['staff'] },
    tillClose: { method: 'POST', path: '/api/admin/counter/till/days/:id/close', auth: ['staff'] },
    uncollectedTickets: { method: 'GET', path: '/api/admin/counter/uncollected', auth: ['staff'] },
    decideUncollected: {
      method: 'POST',
      path: '/api/admin/counter/tickets/:id/uncollected',
      auth: ['staff'],
    },
    reportTakings: { method: 'GET', path: '/api/admin/reports/takings', auth: ['staff'] },
    reportTickets: { method: 'GET', path: '/api/admin/reports/tickets', auth: ['staff'] },
    reportItems: { method: 'GET', path: '/api/admin/reports/items', auth: ['staff'] },
    reportUncollected: { method: 'GET', path: '/api/admin/reports/uncollected', auth: ['staff'] },
    reportChannels: { method: 'GET', path: '/api/admin/reports/channels', auth: ['staff'] },
    reportClaims: { method: 'GET', path: '/api/admin/reports/claims', auth: ['staff'] },
  },
  intake: {
    garments: { method: 'GET', path: '/api/admin/orders/:id/garments', auth: ['staff'] },
    recordGarment: { method: 'POST', path: '/api/admin/orders/:id/garments', auth: ['staff'] },
    editGarment: {
      method: 'PUT',
      path: '/api/admin/orders/:id/garments/:garmentId',
      auth: ['staff'],
    },
    removeGarment: {
      method: 'DELETE',
      path: '/api/admin/orders/:id/garments/:garmentId',
      auth: ['staff'],
    },
    findTag: { method: 'GET', path: '/api/admin/tags/:tag', auth: ['staff'] },
  },
  driver: {
    stops: { method: 'GET', path: '/api/admin/driver/stops', auth: ['staff'] },
    collect: { method: 'POST', path: '/api/admin/driver/stops/:id/collect', auth: ['staff'] },
    notHome: { method: 'POST', path: '/api/admin/driver/stops/:id/not-home', auth: ['staff'] },
    deliver: { method: 'POST', path: '/api/admin/driver/stops/:id/deliver', auth: ['staff'] },
    startDeliveries: {
      method: 'POST',
      path: '/api/admin/driver/start-deliveries',
      auth: ['staff'],
    },
  },
  photos: {
    upload: { method: 'POST', path: '/api/admin/orders/:id/photos', auth: ['staff'] },
    remove: { method: 'DELETE', path: '/api/admin/photos/:id', auth: ['staff'] },
  },
  adminReviews: {
    staffReviews: { method: 'GET', path: '/api/admin/reviews', auth: ['staff'] },
    replyToReview: { method: 'POST', path: '/api/admin/reviews/:id/reply', auth: ['staff'] },
  },
};
