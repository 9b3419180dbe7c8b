import type { adminOrderView } from '~/server/orders.server';
import type { useAdminAction } from '../ui';

/** One order as staff see it (the API's admin order reply): what every section reads. */
export type AdminOrderView = ReturnType<typeof adminOrderView>;

/**
 * The page's one admin action, shared by its sections: every write reloads the page's data,
 * and its answer shows beside the action that asked (ActionFeedback).
 */
export type AdminAction = Pick<ReturnType<typeof useAdminAction>, 'run' | 'busy' | 'feedback'>;
