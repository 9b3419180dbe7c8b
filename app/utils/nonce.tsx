import { createContext, useContext } from 'react';

/**
 * The Content-Security-Policy nonce of the current response (set in entry.server.tsx).
 * In the browser it is empty: the nonce only matters in the HTML the server sends.
 */
const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
