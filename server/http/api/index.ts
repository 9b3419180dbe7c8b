import express, { Router } from 'express';
import type { AppServices } from '../../services';
import { apiErrorHandler, apiNotFound } from '../error-handler';
import { csrfProtection } from '../../auth/middleware';
import { accountsRoutes } from './accounts';
import { adminRoutes } from './admin';
import { bookingRoutes } from './booking';
import { catalogueRoutes } from './catalogue';
import { checkoutRoutes } from './checkout';
import { paymentsRoutes } from './payments';
import { stripeWebhookRoutes } from './stripe-webhook';

/** Everything under /api: the REST API of spec section 7, also used by the mobile app. */
export function createApiRouter(services: AppServices): Router {
  const api = Router();
  // Signed over the raw body, so before the JSON parser; authenticated by its signature.
  api.use(stripeWebhookRoutes(services));
  api.use(express.json({ limit: '100kb' }));
  api.use(express.urlencoded({ extended: false, limit: '100kb' }));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  // Cookie-authenticated state changes must come from our own pages (Bearer is exempt).
  api.use(csrfProtection(services));
  api.use(catalogueRoutes(services));
  api.use(bookingRoutes(services));
  api.use(accountsRoutes(services));
  api.use(checkoutRoutes(services));
  api.use(paymentsRoutes(services));
  api.use(adminRoutes(services));
  api.use(apiNotFound);
  api.use(apiErrorHandler(services.logger));
  return api;
}
