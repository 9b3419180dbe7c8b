import type { intakeApi } from '@shared/api/intake';
import type { z } from 'zod';

/** An order's intake as GET /api/admin/orders/:id/garments shows it. */
export type IntakeData = Omit<z.infer<(typeof intakeApi.garments.replies)[200]>, 'status'>;
export type Garment = IntakeData['garments'][number];
