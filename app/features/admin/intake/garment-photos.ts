import { useState } from 'react';
import { useRevalidator } from 'react-router';
import type { Feedback } from '../ui';
import { PhotoUploadError, uploadPhoto } from '../upload-photo';

export type GarmentPhoto = { file: File; kind: 'garment' | 'damage' };

/**
 * Photos of saved garments, sent one after another, then shown; the panel's feedback says how
 * many went and which one was refused and why. `inputsKey` changes to empty the file inputs
 * once their photos are sent.
 */
export function useGarmentPhotos(orderId: string, setFeedback: (feedback: Feedback) => void) {
  const revalidator = useRevalidator();
  const [uploading, setUploading] = useState(false);
  const [inputsKey, setInputsKey] = useState(0);

  async function sendPhotos(orderGarmentId: number, files: GarmentPhoto[], saved: string) {
    if (!files.length) return;
    setUploading(true);
    const refused: string[] = [];
    for (const { file, kind } of files) {
      try {
        await uploadPhoto(orderId, kind, file, orderGarmentId);
      } catch (error) {
        refused.push(
          `${file.name || 'A photo'}: ${error instanceof PhotoUploadError ? error.message : 'it could not be sent, please try again.'}`,
        );
      }
    }
    setUploading(false);
    await revalidator.revalidate();
    const sent = files.length - refused.length;
    setFeedback({
      ok: refused.length === 0,
      text: `${saved} ${sent} ${sent === 1 ? 'photo' : 'photos'} added.`,
      ...(refused.length ? { errors: { photos: refused } } : {}),
    });
  }

  return { uploading, inputsKey, emptyInputs: () => setInputsKey((k) => k + 1), sendPhotos };
}

export type GarmentPhotos = ReturnType<typeof useGarmentPhotos>;
