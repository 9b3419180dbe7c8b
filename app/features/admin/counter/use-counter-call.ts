import { useState } from 'react';
import type { Failure } from '~/utils/api-client';

/**
 * One request at a time from a counter panel (issue 32): its buttons are `busy` while it runs,
 * and a refusal's message is the panel's `problem`. `attempt` gives the reply's data, or null
 * when it was refused (the failure is also handed to `onFailure`, for a form's field errors).
 */
export function useCounterCall() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  async function attempt<T>(
    send: () => Promise<{ ok: true; data: T } | Failure>,
    onFailure?: (failure: Failure) => void,
  ): Promise<T | null> {
    setBusy(true);
    setProblem('');
    const reply = await send();
    setBusy(false);
    if (reply.ok) return reply.data;
    onFailure?.(reply);
    setProblem(reply.error.message);
    return null;
  }
  return { busy, problem, setProblem, attempt };
}
