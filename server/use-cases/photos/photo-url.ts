import { photoLinkSigner } from '../../auth/photo-links';
import type { AppServices } from '../../services';

/**
 * How long a photo URL works: at least two hours (a page left open still shows its photos),
 * at most three. The expiry is rounded up to the next full hour, so a page shows the same
 * URLs for an hour and the browser's cache keeps the photo in between.
 */
export const PHOTO_URL_MIN_LIFE_MS = 2 * 60 * 60 * 1000;
const ROUND_TO_MS = 60 * 60 * 1000;

/**
 * The relative, signed, expiring URL of a photo: `/photos/{id}?expires={unix seconds}&sig=…`,
 * an HMAC with the app's link-signing key over the photo and the expiry (decision 025). Only
 * the page or reply that shows an order to someone allowed to see it (its customer, the holder
 * of its tracking link, staff) makes these; `GET /photos/:id` serves the photo while it is good.
 */
export async function photoUrl(
  deps: Pick<AppServices, 'db' | 'config' | 'now'>,
  photoId: string,
): Promise<string> {
  const signer = await photoLinkSigner(deps);
  const earliest = deps.now().getTime() + PHOTO_URL_MIN_LIFE_MS;
  const expiresAt = new Date(Math.ceil(earliest / ROUND_TO_MS) * ROUND_TO_MS);
  const [expires, sig] = signer.sign('photo', photoId, expiresAt).split('.');
  return `/photos/${encodeURIComponent(photoId)}?expires=${expires}&sig=${sig}`;
}
