import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { PhotoUploadError, uploadPhoto } from '../app/features/admin/upload-photo';
import { createStaffUser } from '../server/auth/staff';
import { insertOrderRow, staffLogIn } from '@tests/helpers/fixtures';
import { phonePhotoWithGps } from '@tests/helpers/photos';
import { startTestServer, type TestServer } from '@tests/helpers/test-server';

/*
 * The pages' uploadPhoto (app/features/admin/upload-photo.ts) against a real server: it sends
 * the file as the body with its own type and gives back the photo's id and signed URL; a file
 * over 10 MB is refused before anything is sent. The page's origin and its staff cookie are
 * what the browser adds: here a fetch that puts the server's origin and the staff session on
 * each request (the requests themselves are uploadPhoto's).
 */

describe('uploadPhoto (pages)', () => {
  let server: TestServer;
  const sent: { url: string; contentType: string | null; bytes: number }[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    await createStaffUser(server.database.db, {
      email: 'dan@shop.test',
      name: 'Dan',
      role: 'driver',
      password: 'staff-password-123',
    });
    const token = await staffLogIn(server, 'dan@shop.test', 'staff-password-123');
    const realFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      const body = init.body as Blob | undefined;
      sent.push({ url, contentType: headers.get('content-type'), bytes: body?.size ?? 0 });
      headers.set('Authorization', `Bearer ${token}`);
      return realFetch(new URL(url, server.url), { ...init, headers });
    });
  }, 60_000);
  afterAll(async () => {
    vi.unstubAllGlobals();
    await server?.stop();
  });

  it('sends the file with its type and returns the photo’s id and signed URL', async () => {
    const order = await insertOrderRow(server.database.db, new Date('2026-11-25T09:00:00Z'));
    const bytes = await phonePhotoWithGps(800, 600);
    const photo = await uploadPhoto(
      order.id,
      'collection',
      new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }),
    );
    expect(sent.at(-1)).toEqual({
      url: `/api/admin/orders/${order.id}/photos?kind=collection`,
      contentType: 'image/jpeg',
      bytes: bytes.length,
    });
    expect(photo.url).toMatch(new RegExp(`^/photos/${photo.id}\\?expires=\\d+&sig=`));
    const served = await fetch(photo.url);
    expect(served.status).toBe(200);
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(metadata.exif).toBeUndefined();
  });

  it('rejects with the server’s message (not a photo), and refuses over 10 MB without sending', async () => {
    const order = await insertOrderRow(server.database.db, new Date('2026-11-25T09:00:00Z'));
    const text = new Blob(['not a photo'], { type: 'image/png' });
    await expect(uploadPhoto(order.id, 'damage', text)).rejects.toMatchObject({
      code: 'not-an-image',
      message: expect.stringMatching(/not a photo we can read/),
    });
    const count = sent.length;
    const huge = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/jpeg' });
    const refused = uploadPhoto(order.id, 'damage', huge);
    await expect(refused).rejects.toBeInstanceOf(PhotoUploadError);
    await expect(refused).rejects.toMatchObject({ code: 'photo-too-large' });
    expect(sent.length).toBe(count);
  });
});
