/*
 * What the tracking page may ask of the server: an order's timeline by its tracking token
 * (issue 16, decision 029). Pages reach the server only through facades like this one.
 */
export { orderTracking } from '@server/use-cases/tracking/order-tracking';
export { changeLinkOptions, emailChangeLink } from '@server/use-cases/tracking/change-link';
