import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { pathAliases } from './scripts/path-aliases.ts';

export default defineConfig({
  // React 19 renders on the server and hydrates in the browser (docs/decisions/041).
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: pathAliases },
  // The development server runs inside our own Node server (server/http/app.ts, pages
  // 'vite'), which puts Vite's WebSocket on its own HTTP server: no port 24678.
});
