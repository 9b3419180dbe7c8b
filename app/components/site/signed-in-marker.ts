/**
 * The signed-in customer on a shared page (decision 042): the page is the same bytes for
 * everybody, rendered for nobody, so its header carries both the Login / Signup links and the
 * account menu, and this inline script in <head> shows the right one before the first paint:
 * with the `cl_who` cookie the login sets beside the session (server/auth/cookies.ts) it marks
 * <html> `signed-in` and puts the first name in `--who`, which the menu shows (app.css). No
 * request, no re-render, nothing personal in the cached bytes.
 */
/**
 * Marks <html> from the cookie; run inline in <head>, and again after a client-side change.
 * Self-contained (no outer names): its source is the inline script.
 */
export function markSignedIn(doc: Document) {
  const found = /(?:^|;\s*)cl_who=([^;]*)/.exec(doc.cookie);
  let name = '';
  try {
    name = found ? decodeURIComponent(found[1]!) : '';
  } catch {
    name = '';
  }
  name = name.replace(/["\\\n\r]/g, '').slice(0, 40);
  doc.documentElement.classList.toggle('signed-in', name !== '');
  if (name) doc.documentElement.style.setProperty('--who', `"${name}"`);
  else doc.documentElement.style.removeProperty('--who');
}

/** The same, as the inline script's source. */
export const signedInScript = `(${markSignedIn.toString()})(document)`;
