import { data, redirect } from 'react-router';
import { claimInput } from '@shared/claims/input';
import { CLAIM_FORM_FILES_MAX, CLAIM_FORM_FILES_TOO_MANY } from '@shared/claims/page-uploads';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, photoContentTypes } from '@shared/photos';
import type { AppServices } from '@server/services';
import { isUuid } from '@shared/text';
import { parseFields } from '~/components/form/form-action.server';
import { formErrors } from '~/components/form/form-errors';
import { addClaimPhoto, makeClaim } from '~/server/claims.server';
import { isRefusal, httpStatusOf, ValidationError } from '~/server/errors.server';
import { claimBody, fieldErrorsByGarment, garmentField, includedGarments } from './claim-fields';
import { claimPagePath } from './claim-paths';
import { refusalOf, refusalQuery, type PhotoRefusal } from './photo-refusals';

/*
 * The claim form's action (issue 34): a multipart POST, so it works without JavaScript. The
 * photos are checked first (size, type), then the claim is made by the same use-case as
 * POST /api/orders/:id/claims, then each photo is added as POST /api/claims/:id/items/:item/photos
 * adds it. A refusal answers the form with the API's message and each field's; nothing is made.
 */

const NOT_A_PHOTO_TYPE = 'Choose a JPEG, PNG or WebP photo.';

type Files = Map<number, { photos: File[]; receipt: File | null }>;

/** The posted photos of the ticked garments, and the problems with them (field → message). */
function readFiles(form: FormData, garmentIds: number[]) {
  const files: Files = new Map();
  const problems: Record<string, string> = {};
  const check = (file: File, field: string) => {
    if (file.size > PHOTO_MAX_BYTES) problems[field] = PHOTO_TOO_LARGE;
    else if (!(photoContentTypes as readonly string[]).includes(file.type)) {
      problems[field] = NOT_A_PHOTO_TYPE;
    }
  };
  const chosen = (value: FormDataEntryValue): value is File =>
    typeof value !== 'string' && value.size > 0;
  let count = 0;
  for (const id of garmentIds) {
    const photos = form.getAll(garmentField(id, 'photos')).filter(chosen);
    const receipt = form.getAll(garmentField(id, 'receipt')).filter(chosen)[0] ?? null;
    photos.forEach((p) => check(p, garmentField(id, 'photos')));
    if (receipt) check(receipt, garmentField(id, 'receipt'));
    files.set(id, { photos, receipt });
    count += photos.length + (receipt ? 1 : 0);
    // What the pages promise and the proxy lets through (shared/claims/page-uploads.ts).
    if (count > CLAIM_FORM_FILES_MAX)
      problems[garmentField(id, 'photos')] = CLAIM_FORM_FILES_TOO_MANY;
  }
  return { files, problems };
}

function refused(error: unknown, values: Record<string, string>, garmentIds: number[]) {
  if (!isRefusal(error)) throw error;
  const reply = formErrors({
    message: error.message,
    errors: error instanceof ValidationError ? error.errors : undefined,
  });
  return data(
    {
      ok: false as const,
      code: error.code,
      errors: { ...reply, fields: fieldErrorsByGarment(reply.fields, garmentIds) },
      values,
    },
    { status: httpStatusOf(error) },
  );
}

export async function claimFormAction(
  services: AppServices,
  input: { request: Request; customerId: string; orderId: string; token?: string | null },
) {
  // Anything but a UUID is no order of ours.
  if (!isUuid(input.orderId)) throw data('Not found', { status: 404 });
  const form = await input.request.formData();
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === 'string') values[key] = value;
  const garmentIds = includedGarments(values);
  try {
    const body = parseFields(claimInput, claimBody(values, garmentIds), 'Please check your claim.');
    const { files, problems } = readFiles(form, garmentIds);
    if (Object.keys(problems).length) {
      throw new ValidationError(
        'Please check your photos.',
        Object.fromEntries(Object.entries(problems).map(([k, v]) => [k, [v]])),
      );
    }
    const made = await makeClaim(services, {
      ...body,
      customerId: input.customerId,
      orderId: input.orderId,
    });
    // The claim stands; a photo refused now (the image library cannot read it, the hourly
    // limit, a claim already closed) is said on the claim's page with its reason, the receipt
    // apart, where photos can be added again while we look into it.
    const refusedPhotos: PhotoRefusal[] = [];
    let refusedReceipt: PhotoRefusal | null = null;
    for (const item of made.items) {
      const chosen = files.get(item.orderGarmentId);
      const uploads = [
        ...(chosen?.photos ?? []).map((file) => ({ file, role: 'damage' as const })),
        ...(chosen?.receipt ? [{ file: chosen.receipt, role: 'receipt' as const }] : []),
      ];
      for (const { file, role } of uploads) {
        try {
          await addClaimPhoto(services, {
            customerId: input.customerId,
            claimId: made.claim.id,
            claimItemId: item.id,
            role,
            bytes: Buffer.from(await file.arrayBuffer()),
          });
        } catch (error) {
          if (!isRefusal(error)) throw error;
          if (role === 'receipt') refusedReceipt = refusalOf(error.code);
          else refusedPhotos.push(refusalOf(error.code));
        }
      }
    }
    const said: Record<string, string> = {
      made: '1',
      ...(made.recleanOrderNo ? { reclean: made.recleanOrderNo } : {}),
      ...refusalQuery(refusedPhotos, refusedReceipt),
    };
    const link = { orderId: input.orderId, token: input.token ?? null };
    return redirect(claimPagePath(link, made.claim.id, said), 303);
  } catch (error) {
    return refused(error, values, garmentIds);
  }
}
