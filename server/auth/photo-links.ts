import type { AppServices } from '../services';
import { createLinkSigner, loadLinkKey, type LinkSigner } from './signed-links';

/**
 * The signer of photo URLs: the app's link-signing key (LINK_SIGNING_SECRET, or the one kept
 * in the database, the same `services.links` is made from), so every instance signs and checks
 * alike. Loaded once per database and kept.
 */
const signers = new WeakMap<object, Promise<LinkSigner>>();

export function photoLinkSigner(deps: Pick<AppServices, 'db' | 'config'>): Promise<LinkSigner> {
  const secret = deps.config.linkSigningSecret;
  if (secret) return Promise.resolve(createLinkSigner(Buffer.from(secret, 'utf8')));
  let signer = signers.get(deps.db);
  if (!signer) {
    signer = loadLinkKey(deps.db, undefined).then(createLinkSigner);
    signer.catch(() => signers.delete(deps.db));
    signers.set(deps.db, signer);
  }
  return signer;
}
