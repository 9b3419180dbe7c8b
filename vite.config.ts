import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { pathAliases } from './scripts/path-aliases.ts';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { alias: pathAliases },
  // The dev server runs inside our own Node server (server/http/vite-dev.ts); no HMR socket.
  server: { hmr: false },
});
