/** The driver account the e2e server creates for the driver's spec (issue 16). */
export const E2E_DRIVER = { email: 'dan@e2e.test', password: 'e2e-driver-password-1' } as const;

/**
 * The stops the e2e server writes for today, one set per Playwright project: a collection to
 * collect, one nobody is home for (its customer chooses a new window from the e-mail), a
 * delivery out for delivery and a collection whose card was never saved; and a delivery ready
 * for tomorrow.
 */
export function e2eDriverStops(project: string) {
  return {
    collect: { name: `Colin Collect ${project}`, email: `collect-${project}@e2e.test` },
    missed: { name: `Mira Missed ${project}`, email: `missed-${project}@e2e.test` },
    deliver: { name: `Della Deliver ${project}`, email: `deliver-${project}@e2e.test` },
    /** Issue 31: a collection whose card step was abandoned (pending payment), today. */
    unpaid: { name: `Una Unpaid ${project}`, email: `unpaid-${project}@e2e.test` },
    /** Issue 31: a delivery ready for tomorrow, which cannot be started today. */
    tomorrow: { name: `Tom Tomorrow ${project}`, email: `tomorrow-${project}@e2e.test` },
  };
}
export const E2E_DRIVER_PROJECTS = ['desktop', 'mobile'] as const;

/**
 * Issue 33, the round without a signal: per project, today, a collection and a delivery
 * recorded with photos, a not-home, and a collection the office changes while the driver's
 * action waits on the phone (driver-offline.spec.ts; driver-offline-seed.ts writes them).
 */
export function e2eOfflineStops(project: string) {
  return {
    collect: { name: `Otto Offline ${project}`, email: `offline-collect-${project}@e2e.test` },
    deliver: { name: `Dora Offline ${project}`, email: `offline-deliver-${project}@e2e.test` },
    notHome: { name: `Nico Offline ${project}`, email: `offline-nothome-${project}@e2e.test` },
    changed: { name: `Cora Changed ${project}`, email: `offline-changed-${project}@e2e.test` },
  };
}
