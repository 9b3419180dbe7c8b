/** Replies that must not reveal whether an account exists (API and page forms) take this long. */
export const UNIFORM_REPLY_MS = 400;

/**
 * Runs `work` and answers no sooner than `ms` after the start, so replies that must not reveal
 * whether an account exists take the same time whichever path they took.
 */
export async function withMinimumDuration<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const pause = () => new Promise((r) => setTimeout(r, Math.max(0, ms - (Date.now() - started))));
  try {
    const result = await work();
    await pause();
    return result;
  } catch (error) {
    await pause();
    throw error;
  }
}
