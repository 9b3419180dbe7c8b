import { isUuid } from '@shared/text';
import { eq } from 'drizzle-orm';
import { photoLinkSigner } from '../../auth/photo-links';
import { photos } from '../../db/schema';
import { ForbiddenError, NotFoundError } from '../../errors';
import type { AppServices } from '../../services';

export const PHOTO_LINK_EXPIRED = 'This photo link has expired: reload the page to see the photo.';
export const PHOTO_LINK_INVALID = 'This photo link is not valid.';

/**
 * The bytes of a photo for `GET /photos/:id?expires=&sig=` (the URL `photoUrl` made): refused
 * when the signature is not this photo's or the expiry has passed (decision 025).
 */
export async function openPhoto(
  deps: Pick<AppServices, 'db' | 'config' | 'now' | 'storage'>,
  input: { id: string; expires: string | undefined; sig: string | undefined },
): Promise<{ bytes: Buffer; contentType: string; expiresAt: Date }> {
  const { id, expires = '', sig = '' } = input;
  const signer = await photoLinkSigner(deps);
  const token = `${expires}.${sig}`;
  const now = deps.now();
  if (!signer.verify('photo', id, token, now)) {
    // Told apart only for a link that was good until its expiry: "expired" says nothing new.
    const expiresAt = new Date(Number(expires) * 1000);
    const wasGood =
      /^\d{1,12}$/.test(expires) &&
      signer.verify('photo', id, token, new Date(expiresAt.getTime() - 1000));
    throw new ForbiddenError(wasGood ? PHOTO_LINK_EXPIRED : PHOTO_LINK_INVALID);
  }
  if (!isUuid(id)) throw new NotFoundError('There is no such photo.');
  const [photo] = await deps.db
    .select({ storageKey: photos.storageKey })
    .from(photos)
    .where(eq(photos.id, id))
    .limit(1);
  const stored = photo ? await deps.storage.get(photo.storageKey) : null;
  if (!stored) throw new NotFoundError('There is no such photo.');
  return { ...stored, expiresAt: new Date(Number(expires) * 1000) };
}
