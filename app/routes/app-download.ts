import { redirect } from 'react-router';
import { appStoreFor } from '@shared/app-store';
import type { Route } from './+types/app-download';

/**
 * "Get the app": the store of the visitor's device. The pages link here rather than to a store,
 * so that a shared page is the same bytes for every device (server/http/page-cache.ts).
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { brand } = context.services.config;
  const store = appStoreFor(request.headers.get('user-agent') ?? '');
  return redirect(store === 'android' ? brand.playStoreUrl : brand.appStoreUrl, {
    status: 302,
    headers: { 'Cache-Control': 'private, no-store', Vary: 'User-Agent' },
  });
}
