/*
 * What the back office's intake pages may ask of the server (decision 027): an order's
 * garments as the API shows them, and the label sheet.
 */
export { listGarments } from '@server/use-cases/intake/list-garments';
export { intakeView } from '@server/use-cases/intake/present-intake';
export { garmentLabelSheet } from '@server/use-cases/intake/label-sheet';
