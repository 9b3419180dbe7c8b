// Written by scripts/api-routes.ts from the contract (shared/api): do not edit by hand.
import type { Api, Routes } from './route';

/**
 * Every endpoint of the contract without its schemas: what the browser's client needs at run
 * time (zod stays out of the pages' bundles). Each carries its endpoint's type, so
 * `call(routes.accounts.logIn, …)` is typed from the schemas all the same.
 */
export const routes: Routes<Api> = {
  catalogue: {
    priceList: { method: 'GET', path: '/api/pricelist', operationId: 'getPriceList' },
    landingPage: { method: 'GET', path: '/api/service/:id', operationId: 'getLandingPage' },
    featuredAreas: { method: 'GET', path: '/api/getarea/limited', operationId: 'getFeaturedAreas' },
    areaGroups: { method: 'GET', path: '/api/getarea/group', operationId: 'getAreaGroups' },
    area: { method: 'GET', path: '/api/getarea/:id', operationId: 'getArea' },
    branches: { method: 'GET', path: '/api/branches', operationId: 'getBranches' },
    faqs: { method: 'GET', path: '/api/faqs', operationId: 'getFaqs' },
    blogPosts: { method: 'GET', path: '/api/getblogs', operationId: 'getBlogPosts' },
    blogPost: { method: 'GET', path: '/api/getblog/:id', operationId: 'getBlogPost' },
    recordVisit: { method: 'POST', path: '/api/user-info', operationId: 'recordVisit' },
    subscribe: { method: 'POST', path: '/api/newsletter', operationId: 'subscribeToNewsletter' },
  },
  booking: {
    pickupSlots: { method: 'GET', path: '/api/pickup', operationId: 'listPickupSlots' },
    deliverySlots: { method: 'GET', path: '/api/delivery/:slot', operationId: 'listDeliverySlots' },
    findAddress: { method: 'GET', path: '/api/address/find', operationId: 'findAddress' },
    retrieveAddress: {
      method: 'GET',
      path: '/api/address/retrieve/:id',
      operationId: 'retrieveAddress',
    },
    coverage: { method: 'GET', path: '/api/coverage', operationId: 'checkCoverage' },
    joinWaitlist: { method: 'POST', path: '/api/area-waitlist', operationId: 'joinAreaWaitlist' },
  },
  accounts: {
    checkLoginEmail: {
      method: 'POST',
      path: '/api/account/validations/email',
      operationId: 'checkLoginEmail',
    },
    logIn: { method: 'POST', path: '/api/login', operationId: 'logIn' },
    logOut: {
      method: 'POST',
      path: '/api/logout',
      operationId: 'logOut',
      auth: ['bearer', 'cookie'],
    },
    register: { method: 'POST', path: '/api/register', operationId: 'register' },
    requestPasswordReset: {
      method: 'POST',
      path: '/api/account/reset/password',
      operationId: 'requestPasswordReset',
    },
    resetPassword: {
      method: 'POST',
      path: '/api/account/reset/password/confirm',
      operationId: 'resetPassword',
    },
    confirmEmailChange: {
      method: 'POST',
      path: '/api/account/email/confirm',
      operationId: 'confirmEmailChange',
    },
    sendDeletionCode: {
      method: 'POST',
      path: '/api/account/confirm/delete',
      operationId: 'sendDeletionCode',
    },
    deleteAccount: { method: 'POST', path: '/api/account/delete', operationId: 'deleteAccount' },
    orders: {
      method: 'GET',
      path: '/api/orders',
      operationId: 'getCustomerOrders',
      auth: ['bearer', 'cookie'],
    },
    cancelOrder: {
      method: 'POST',
      path: '/api/orders/:id/cancel',
      operationId: 'cancelOrder',
      auth: ['bearer', 'cookie'],
    },
    updateProfile: {
      method: 'POST',
      path: '/api/updateprofile',
      operationId: 'updateProfile',
      auth: ['bearer', 'cookie'],
    },
    changePassword: {
      method: 'POST',
      path: '/api/changepassword',
      operationId: 'changePassword',
      auth: ['bearer', 'cookie'],
    },
    deleteOwnAccount: {
      method: 'POST',
      path: '/api/delete-account',
      operationId: 'deleteOwnAccount',
      auth: ['bearer', 'cookie'],
    },
  },
  checkout: {
    guest: { method: 'POST', path: '/api/guest', operationId: 'startGuestCheckout' },
    placeOrder: {
      method: 'POST',
      path: '/api/placeorder',
      operationId: 'placeOrder',
      auth: ['checkoutToken', 'bearer', 'cookie'],
    },
    orderConfirmation: {
      method: 'GET',
      path: '/api/order/:id',
      operationId: 'getOrderConfirmation',
    },
  },
  payments: {
    startCardSetup: {
      method: 'POST',
      path: '/api/payment/card/setup',
      operationId: 'startCardSetup',
      auth: ['checkoutToken', 'paymentToken', 'bearer', 'cookie'],
    },
    startCardPayment: {
      method: 'POST',
      path: '/api/payment/card/pay',
      operationId: 'startCardPayment',
      auth: ['checkoutToken', 'paymentToken', 'bearer', 'cookie'],
    },
    confirmCard: {
      method: 'POST',
      path: '/api/update-payment-method',
      operationId: 'confirmCardPayment',
      auth: ['checkoutToken', 'paymentToken', 'bearer', 'cookie'],
    },
    startPayPal: {
      method: 'POST',
      path: '/api/payment/paypal/create',
      operationId: 'startPayPal',
      auth: ['checkoutToken', 'paymentToken', 'bearer', 'cookie'],
    },
    confirmPayPal: {
      method: 'POST',
      path: '/api/paypal-success',
      operationId: 'confirmPayPal',
      auth: ['checkoutToken', 'paymentToken', 'bearer', 'cookie'],
    },
    testConfirm: {
      method: 'POST',
      path: '/api/payment/test/confirm',
      operationId: 'testModeConfirmCard',
    },
    testApprovePayPal: {
      method: 'POST',
      path: '/api/payment/test/paypal-approve',
      operationId: 'testModeApprovePayPal',
    },
  },
  approvals: {
    approval: {
      method: 'GET',
      path: '/api/approvals/:id',
      operationId: 'getPriceApproval',
      auth: ['approvalToken', 'bearer', 'cookie'],
    },
    approve: {
      method: 'POST',
      path: '/api/approvals/:id/approve',
      operationId: 'approvePrice',
      auth: ['approvalToken', 'bearer', 'cookie'],
    },
    ask: {
      method: 'POST',
      path: '/api/approvals/:id/question',
      operationId: 'askAboutPrice',
      auth: ['approvalToken', 'bearer', 'cookie'],
    },
  },
  webhooks: {
    stripe: { method: 'POST', path: '/api/webhooks/stripe', operationId: 'stripeWebhook' },
  },
  admin: {
    logIn: { method: 'POST', path: '/api/admin/login', operationId: 'staffLogIn' },
    logOut: {
      method: 'POST',
      path: '/api/admin/logout',
      operationId: 'staffLogOut',
      auth: ['staff'],
    },
    me: { method: 'GET', path: '/api/admin/me', operationId: 'staffMe', auth: ['staff'] },
    board: { method: 'GET', path: '/api/admin/board', operationId: 'getBoard', auth: ['staff'] },
    orders: {
      method: 'GET',
      path: '/api/admin/orders',
      operationId: 'listOrders',
      auth: ['staff'],
    },
    order: {
      method: 'GET',
      path: '/api/admin/orders/:id',
      operationId: 'getOrder',
      auth: ['staff'],
    },
    moveOrder: {
      method: 'POST',
      path: '/api/admin/orders/:id/status',
      operationId: 'moveOrder',
      auth: ['staff'],
    },
    setItems: {
      method: 'PUT',
      path: '/api/admin/orders/:id/items',
      operationId: 'setOrderItems',
      auth: ['staff'],
    },
    settle: {
      method: 'POST',
      path: '/api/admin/orders/:id/settle',
      operationId: 'settleOverpayment',
      auth: ['staff'],
    },
    refund: {
      method: 'POST',
      path: '/api/admin/orders/:id/refund',
      operationId: 'refundOrder',
      auth: ['staff'],
    },
    invoice: {
      method: 'POST',
      path: '/api/admin/orders/:id/invoice',
      operationId: 'sendInvoice',
      auth: ['staff'],
    },
    charge: {
      method: 'POST',
      path: '/api/admin/orders/:id/charge',
      operationId: 'chargeSavedCard',
      auth: ['staff'],
    },
    answer: {
      method: 'POST',
      path: '/api/admin/orders/:id/messages',
      operationId: 'answerCustomer',
      auth: ['staff'],
    },
    slots: {
      method: 'GET',
      path: '/api/admin/slots',
      operationId: 'getSlotOverview',
      auth: ['staff'],
    },
    saveSlotRules: {
      method: 'PUT',
      path: '/api/admin/slots/rules',
      operationId: 'saveSlotRules',
      auth: ['staff'],
    },
    addClosedDate: {
      method: 'POST',
      path: '/api/admin/slots/closed-dates',
      operationId: 'addClosedDate',
      auth: ['staff'],
    },
    removeClosedDate: {
      method: 'DELETE',
      path: '/api/admin/slots/closed-dates/:day',
      operationId: 'removeClosedDate',
      auth: ['staff'],
    },
    listCatalogue: {
      method: 'GET',
      path: '/api/admin/catalogue/:entity',
      operationId: 'listCatalogue',
      auth: ['staff'],
    },
    createCatalogueRecord: {
      method: 'POST',
      path: '/api/admin/catalogue/:entity',
      operationId: 'createCatalogueRecord',
      auth: ['staff'],
    },
    updateCatalogueRecord: {
      method: 'PUT',
      path: '/api/admin/catalogue/:entity/:id',
      operationId: 'updateCatalogueRecord',
      auth: ['staff'],
    },
    deleteCatalogueRecord: {
      method: 'DELETE',
      path: '/api/admin/catalogue/:entity/:id',
      operationId: 'deleteCatalogueRecord',
      auth: ['staff'],
    },
    upload: {
      method: 'POST',
      path: '/api/admin/uploads',
      operationId: 'uploadImage',
      auth: ['staff'],
    },
    customers: {
      method: 'GET',
      path: '/api/admin/customers',
      operationId: 'searchCustomers',
      auth: ['staff'],
    },
    customer: {
      method: 'GET',
      path: '/api/admin/customers/:id',
      operationId: 'getCustomer',
      auth: ['staff'],
    },
    exportCustomer: {
      method: 'GET',
      path: '/api/admin/customers/:id/export',
      operationId: 'exportCustomer',
      auth: ['staff'],
    },
    audit: { method: 'GET', path: '/api/admin/audit', operationId: 'listAudit', auth: ['staff'] },
    staff: { method: 'GET', path: '/api/admin/staff', operationId: 'listStaff', auth: ['staff'] },
    addStaff: {
      method: 'POST',
      path: '/api/admin/staff',
      operationId: 'addStaff',
      auth: ['staff'],
    },
    setStaffDisabled: {
      method: 'POST',
      path: '/api/admin/staff/:id/disabled',
      operationId: 'setStaffDisabled',
      auth: ['staff'],
    },
    unlockStaff: {
      method: 'POST',
      path: '/api/admin/staff/:id/unlock',
      operationId: 'unlockStaff',
      auth: ['staff'],
    },
  },
};
