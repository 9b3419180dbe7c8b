import { useEffect, useState } from 'react';

/**
 * A banner or pop-up that the visitor can close. Closing is remembered for a day in
 * localStorage; until the page has hydrated nothing shows, so the server's HTML stays clean.
 */
export function useDismissible(key: string, hours = 24) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let dismissedAt = 0;
    try {
      dismissedAt = Number(localStorage.getItem(key) ?? 0);
    } catch {
      // no storage: show it
    }
    setVisible(Date.now() - dismissedAt > hours * 3_600_000);
  }, [key, hours]);
  const dismiss = () => {
    setVisible(false);
    try {
      localStorage.setItem(key, String(Date.now()));
    } catch {
      // not remembered; it is closed for this page anyway
    }
  };
  return { visible, dismiss };
}
