import { useEffect, useRef, useState } from 'react';

/**
 * The value of a controlled text field that the visitor may have typed into before the page
 * hydrated: React keeps the typed text on screen but starts from the initial state, so the
 * first render after hydration would act on an empty field (a search that filters nothing)
 * and the next one would wipe the text. On mount the field's own text is taken over.
 */
export function useTypedValue<E extends HTMLInputElement | HTMLTextAreaElement>(initial = '') {
  const [value, setValue] = useState(initial);
  const ref = useRef<E>(null);
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== initial) setValue(typed);
    // Once, at hydration: later changes arrive through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [value, setValue, ref] as const;
}
