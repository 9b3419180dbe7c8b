import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { pathAliases } from './scripts/path-aliases.ts';
import { preactInTheBrowser } from './scripts/preact-in-the-browser.ts';

export default defineConfig({
  // The browser's bundle runs on Preact, the server renders with React (docs/decisions/039).
  plugins: [preactInTheBrowser(), tailwindcss(), reactRouter()],
  resolve: { alias: pathAliases },
  // The development server runs inside our own Node server (server/http/app.ts, pages
  // 'vite'), which puts Vite's WebSocket on its own HTTP server: no port 24678.
});
