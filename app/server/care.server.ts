/* What the garment care page may ask of the server (issue 18, decision 034). */
export {
  getCarePreferences,
  saveCarePreferences,
} from '@server/use-cases/accounts/care-preferences';
