/** Which app store the app banner links to, by the visitor's device (spec 2). */
export type AppStore = 'ios' | 'android' | 'other';

export function appStoreFor(userAgent: string): AppStore {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'other';
}
