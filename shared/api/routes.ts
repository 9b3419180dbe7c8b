// Written by scripts/api-routes.ts from the contract (shared/api): do not edit by hand.
import type { Api, Routes } from './route';

/**
 * Every endpoint of the contract without its schemas: what the browser's client needs at run
 * time (zod stays out of the pages' bundles). Each carries its endpoint's type, so
 * `call(routes.accounts.logIn, …)` is typed from the schemas all the same.
 */
export const routes: Routes<Api> = {
  catalogue: {
    priceList: { method: 'GET', path: '/api/pricelist' },
    landingPage: { method: 'GET', path: '/api/service/:id' },
    featuredAreas: { method: 'GET', path: '/api/getarea/limited' },
    areaGroups: { method: 'GET', path: '/api/getarea/group' },
    area: { method: 'GET', path: '/api/getarea/:id' },
    branches: { method: 'GET', path: '/api/branches' },
    faqs: { method: 'GET', path: '/api/faqs' },
    blogPosts: { method: 'GET', path: '/api/getblogs' },
    blogPost: { method: 'GET', path: '/api/getblog/:id' },
    recordVisit: { method: 'POST', path: '/api/user-info' },
    subscribe: { method: 'POST', path: '/api/newsletter' },
  },
  booking: {
    pickupSlots: { method: 'GET', path: '/api/pickup' },
    deliverySlots: { method: 'GET', path: '/api/delivery/:slot' },
    findAddress: { method: 'GET', path: '/api/address/find' },
    retrieveAddress: { method: 'GET', path: '/api/address/retrieve/:id' },
    coverage: { method: 'GET', path: '/api/coverage' },
    joinWaitlist: { method: 'POST', path: '/api/area-waitlist' },
  },
  accounts: {
    checkLoginEmail: { method: 'POST', path: '/api/account/validations/email' },
    logIn: { method: 'POST', path: '/api/login' },
    logOut: { method: 'POST', path: '/api/logout', auth: ['bearer', 'cookie'] },
    register: { method: 'POST', path: '/api/register' },
    requestPasswordReset: { method: 'POST', path: '/api/account/reset/password' },
    resetPassword: { method: 'POST', path: '/api/account/reset/password/confirm' },
    confirmEmailChange: { method: 'POST', path: '/api/account/email/confirm' },
    sendDeletionCode: { method: 'POST', path: '/api/account/confirm/delete' },
    deleteAccount: { method: 'POST', path: '/api/account/delete' },
    orders: { method: 'GET', path: '/api/orders', auth: ['bearer', 'cookie'] },
    cancelOrder: { method: 'POST', path: '/api/orders/:id/cancel', auth: ['bearer', 'cookie'] },
    updateProfile: { method: 'POST', path: '/api/updateprofile', auth: ['bearer', 'cookie'] },
    changePassword: { method: 'POST', path: '/api/changepassword', auth: ['bearer', 'cookie'] },
    deleteOwnAccount: { method: 'POST', path: '/api/delete-account', auth: ['bearer', 'cookie'] },
  },
  checkout: {
    guest: { method: 'POST', path: '/api/guest' },
    placeOrder: {
      method: 'POST',
      path: '/api/placeorder',
      auth: ['checkoutToken', 'bearer', 'cookie'],
    },
    orderConfirmation: { method: 'GET', path: '/api/order/:id' },
  },
  payments: {
    startCardSetup: {
      method: 'POST',
      path: '/api/payment/card/setup',
      auth: ['checkoutToken', 'paymentToken', 'bearer', 'cookie'],
    },
    startCardPayment: {
      method: 'POST',
      path: '/api/payment/card/pay',
      auth: ['checkoutToken', 'paymentToken', 'bearer', 'cookie'],
    },
    confirmCard: {
      method: 'POST',
      path: '/api/update-payment-method',
      auth: ['checkoutToken', 'paymentToken', 'bearer', 'cookie'],
    },
    startPayPal: {
      method: 'POST',
      path: '/api/payment/paypal/create',
      auth: ['checkoutToken', 'paymentToken', 'bearer', 'cookie'],
    },
    confirmPayPal: {
      method: 'POST',
      path: '/api/paypal-success',
      auth: ['checkoutToken', 'paymentToken', 'bearer', 'cookie'],
    },
    testConfirm: { method: 'POST', path: '/api/payment/test/confirm' },
    testApprovePayPal: { method: 'POST', path: '/api/payment/test/paypal-approve' },
  },
  approvals: {
    approval: {
      method: 'GET',
      path: '/api/approvals/:id',
      auth: ['approvalToken', 'bearer', 'cookie'],
    },
    approve: {
      method: 'POST',
      path: '/api/approvals/:id/approve',
      auth: ['approvalToken', 'bearer', 'cookie'],
    },
    ask: {
      method: 'POST',
      path: '/api/approvals/:id/question',
      auth: ['approvalToken', 'bearer', 'cookie'],
    },
  },
  intakeReport: {
    report: { method: 'GET', path: '/api/orders/:id/intake-report', auth: ['bearer', 'cookie'] },
    openCase: { method: 'POST', path: '/api/orders/:id/cases', auth: ['bearer', 'cookie'] },
    garments: { method: 'GET', path: '/api/garments', auth: ['bearer', 'cookie'] },
    sendReport: { method: 'POST', path: '/api/admin/orders/:id/intake-report', auth: ['staff'] },
    openCases: { method: 'GET', path: '/api/admin/cases', auth: ['staff'] },
    answerCase: { method: 'POST', path: '/api/admin/cases/:id/answer', auth: ['staff'] },
  },
  tracking: {
    track: { method: 'GET', path: '/api/track/:token' },
  },
  webhooks: {
    stripe: { method: 'POST', path: '/api/webhooks/stripe' },
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
    unlockStaff: { method: 'POST', path: '/api/admin/staff/:id/unlock', auth: ['staff'] },
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
  },
};
