// Written by scripts/api-routes.ts from the contract (shared/api): do not edit by hand.
import type { Api, Routes } from './route';

/** The areas of public-routes.ts. */
export type PublicArea =
  | 'catalogue'
  | 'booking'
  | 'accounts'
  | 'addressBook'
  | 'carePreferences'
  | 'push'
  | 'checkout'
  | 'payments'
  | 'approvals'
  | 'intakeReport'
  | 'tracking'
  | 'adminPush'
  | 'recurring'
  | 'reviews'
  | 'accountData'
  | 'claims'
  | 'adminClaims';

/**
 * The endpoints the website's own pages call, without their schemas (zod stays out of the
 * pages' bundles), and without the back office's, which no public page needs: the routes
 * table public pages import. Each carries its endpoint's type.
 */
export const publicRoutes: Pick<Routes<Api>, PublicArea> = {
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
    rescheduleOrder: {
      method: 'POST',
      path: '/api/account/orders/:id/reschedule',
      auth: ['bearer', 'cookie'],
    },
    updateProfile: { method: 'POST', path: '/api/updateprofile', auth: ['bearer', 'cookie'] },
    changePassword: { method: 'POST', path: '/api/changepassword', auth: ['bearer', 'cookie'] },
    preferences: { method: 'GET', path: '/api/account/preferences', auth: ['bearer', 'cookie'] },
    updatePreferences: {
      method: 'PUT',
      path: '/api/account/preferences',
      auth: ['bearer', 'cookie'],
    },
    deleteOwnAccount: { method: 'POST', path: '/api/delete-account', auth: ['bearer', 'cookie'] },
  },
  addressBook: {
    bookingChoices: {
      method: 'GET',
      path: '/api/account/booking-choices',
      auth: ['bearer', 'cookie'],
    },
    listAddresses: { method: 'GET', path: '/api/account/addresses', auth: ['bearer', 'cookie'] },
    addAddress: { method: 'POST', path: '/api/account/addresses', auth: ['bearer', 'cookie'] },
    updateAddress: {
      method: 'PATCH',
      path: '/api/account/addresses/:id',
      auth: ['bearer', 'cookie'],
    },
    removeAddress: {
      method: 'DELETE',
      path: '/api/account/addresses/:id',
      auth: ['bearer', 'cookie'],
    },
  },
  carePreferences: {
    carePreferences: {
      method: 'GET',
      path: '/api/account/care-preferences',
      auth: ['bearer', 'cookie'],
    },
    updateCarePreferences: {
      method: 'PUT',
      path: '/api/account/care-preferences',
      auth: ['bearer', 'cookie'],
    },
  },
  push: {
    pushKey: { method: 'GET', path: '/api/account/push/key' },
    subscribePush: {
      method: 'POST',
      path: '/api/account/push/subscriptions',
      auth: ['bearer', 'cookie'],
    },
    listPushDevices: {
      method: 'GET',
      path: '/api/account/push/subscriptions',
      auth: ['bearer', 'cookie'],
    },
    removePushDevice: {
      method: 'DELETE',
      path: '/api/account/push/subscriptions/:id',
      auth: ['bearer', 'cookie'],
    },
  },
  checkout: {
    guest: { method: 'POST', path: '/api/guest' },
    placeOrder: {
      method: 'POST',
      path: '/api/placeorder',
      auth: ['checkoutToken', 'bearer', 'cookie'],
    },
    checkPromoCode: {
      method: 'POST',
      path: '/api/promo/check',
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
    changeLink: { method: 'POST', path: '/api/track/:token/change-link' },
  },
  adminPush: {
    subscribeStaffPush: { method: 'POST', path: '/api/admin/push/subscriptions', auth: ['staff'] },
    listStaffPushDevices: { method: 'GET', path: '/api/admin/push/subscriptions', auth: ['staff'] },
    removeStaffPushDevice: {
      method: 'DELETE',
      path: '/api/admin/push/subscriptions/:id',
      auth: ['staff'],
    },
  },
  recurring: {
    listRecurring: { method: 'GET', path: '/api/account/recurring', auth: ['bearer', 'cookie'] },
    createRecurring: { method: 'POST', path: '/api/account/recurring', auth: ['bearer', 'cookie'] },
    changeRecurring: {
      method: 'PATCH',
      path: '/api/account/recurring/:id',
      auth: ['bearer', 'cookie'],
    },
    skipRecurring: {
      method: 'POST',
      path: '/api/account/recurring/:id/skip',
      auth: ['bearer', 'cookie'],
    },
    pauseRecurring: {
      method: 'POST',
      path: '/api/account/recurring/:id/pause',
      auth: ['bearer', 'cookie'],
    },
    resumeRecurring: {
      method: 'POST',
      path: '/api/account/recurring/:id/resume',
      auth: ['bearer', 'cookie'],
    },
    stopRecurring: {
      method: 'POST',
      path: '/api/account/recurring/:id/stop',
      auth: ['bearer', 'cookie'],
    },
  },
  reviews: {
    submitReview: {
      method: 'POST',
      path: '/api/account/orders/:id/review',
      auth: ['bearer', 'cookie'],
    },
    listReviews: { method: 'GET', path: '/api/reviews' },
  },
  accountData: {
    downloadMyData: { method: 'GET', path: '/api/account/data', auth: ['bearer', 'cookie'] },
  },
  claims: {
    make: { method: 'POST', path: '/api/orders/:id/claims', auth: ['bearer', 'cookie'] },
    list: { method: 'GET', path: '/api/claims', auth: ['bearer', 'cookie'] },
    get: { method: 'GET', path: '/api/claims/:id', auth: ['bearer', 'cookie'] },
    photo: {
      method: 'POST',
      path: '/api/claims/:id/items/:item/photos',
      auth: ['bearer', 'cookie'],
    },
    accept: { method: 'POST', path: '/api/claims/:id/accept', auth: ['bearer', 'cookie'] },
    dispute: { method: 'POST', path: '/api/claims/:id/dispute', auth: ['bearer', 'cookie'] },
  },
  adminClaims: {
    waiting: { method: 'GET', path: '/api/admin/claims', auth: ['staff'] },
    get: { method: 'GET', path: '/api/admin/claims/:id', auth: ['staff'] },
    finding: { method: 'POST', path: '/api/admin/claims/:id/finding', auth: ['staff'] },
    signOff: { method: 'POST', path: '/api/admin/claims/:id/sign-off', auth: ['staff'] },
    answerSignOff: {
      method: 'POST',
      path: '/api/admin/claims/:id/sign-off-answer',
      auth: ['staff'],
    },
    answerDispute: {
      method: 'POST',
      path: '/api/admin/claims/:id/dispute-answer',
      auth: ['staff'],
    },
    table: { method: 'GET', path: '/api/admin/claims-table', auth: ['staff'] },
    saveTable: { method: 'PUT', path: '/api/admin/claims-table', auth: ['staff'] },
  },
};
