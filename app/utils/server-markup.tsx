import { createContext, useContext } from 'react';

/**
 * Markup that only the server writes, given by entry.server.tsx: the inline scripts of
 * <head> (app banner, install offer, signed-in mark), which run once from the server's HTML
 * before <body> is parsed, and the install steps (#app-install: static text that CSS shows,
 * whose one button the install script handles). The browser's bundle need not carry their
 * text (about 1.2 kB gzipped of every page's own code, issue 30's 25 kB budget): in the
 * browser they are empty, and React leaves the elements the server wrote as they are
 * (`suppressHydrationWarning`); they are in the document's layout, which navigation keeps.
 */
export type ServerMarkup = { beforeBody: string; signedIn: string; installSteps: string };

const ServerMarkupContext = createContext<ServerMarkup>({
  beforeBody: '',
  signedIn: '',
  installSteps: '',
});
export const ServerMarkupProvider = ServerMarkupContext.Provider;
export const useServerMarkup = () => useContext(ServerMarkupContext);
