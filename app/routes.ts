import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// Routes of spec section 2. Static paths before the single-segment landing page /:id.
export default [
  index('routes/home.tsx'),
  route('pricing/:code?', 'routes/pricing.tsx'),
  route('services', 'routes/services.tsx'),
  route('howitworks', 'routes/how-it-works.tsx'),
  route('areas', 'routes/areas.tsx'),
  route('faqs', 'routes/faqs.tsx'),
  route('corperates', 'routes/corporates.tsx'),
  route('corporates', 'routes/corporates-redirect.tsx'),
  route('branches/:id?', 'routes/branches.tsx'),
  route('aboutus', 'routes/about.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('blogs', 'routes/blogs.tsx'),
  route('blog/:id', 'routes/blog-post.tsx'),

  route('login', 'routes/login.tsx'),
  route('signup', 'routes/signup.tsx'),
  route('reset-password/:token', 'routes/reset-password.tsx'),
  route('account', 'routes/account.tsx'),
  route('account/delete', 'routes/account-delete.tsx'),
  route('account/garments', 'routes/account-garments.tsx'),
  route('account/orders/:id/documents/:number', 'routes/account-order-document.ts'),
  route('account/confirm-email/:token', 'routes/account-confirm-email.tsx'),

  route('customer', 'routes/checkout.tsx'),
  route('order/complete/:id', 'routes/order-complete.tsx'),
  route('order/cancel/:id', 'routes/order-cancel.tsx'),
  route('order/payment/:id', 'routes/order-payment.tsx'),
  route('order/approval/:id', 'routes/order-approval.tsx'),
  route('order/intake/:id', 'routes/order-intake.tsx'),
  route('payment/complete/:id', 'routes/payment-complete.tsx'),
  route('payment/cancel/:id', 'routes/payment-cancel.tsx'),
  route('payment/test-paypal/:paypalOrderId', 'routes/test-paypal.tsx'),

  route('admin/login', 'routes/admin/login.tsx'),
  route('admin/orders/:id/documents/:number', 'routes/admin/order-document.ts'),
  layout('routes/admin/layout.tsx', [
    route('admin', 'routes/admin/board.tsx'),
    route('admin/route-sheet', 'routes/admin/route-sheet.tsx'),
    route('admin/orders', 'routes/admin/orders.tsx'),
    route('admin/orders/:id', 'routes/admin/order.tsx'),
    route('admin/slots', 'routes/admin/slots.tsx'),
    route('admin/catalogue/:entity?', 'routes/admin/catalogue.tsx'),
    route('admin/customers', 'routes/admin/customers.tsx'),
    route('admin/audit', 'routes/admin/audit.tsx'),
    route('admin/staff', 'routes/admin/staff.tsx'),
    route('admin/mailbox', 'routes/admin/mailbox.tsx'),
  ]),

  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  // Moved to /admin/mailbox (owner only).
  route('dev/mailbox', 'routes/dev-mailbox.tsx'),

  route('not-found', 'routes/not-found.tsx'),
  route('bad-request', 'routes/bad-request.tsx'),
  route(':id', 'routes/landing.tsx'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;
