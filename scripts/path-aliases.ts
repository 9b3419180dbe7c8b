import { fileURLToPath } from 'node:url';

/** The tsconfig `paths`, for Vite and Vitest (tsx reads tsconfig itself). */
const root = fileURLToPath(new URL('..', import.meta.url));
export const pathAliases = {
  '~': `${root}app`,
  '@shared': `${root}shared`,
  '@server': `${root}server`,
  '@tests': `${root}tests`,
};
