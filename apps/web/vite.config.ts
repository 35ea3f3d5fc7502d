import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server (apps/server) listens on :3000 in development; the dev server forwards to it.
const API = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    // Relative to this app's root (apps/web): the server serves apps/web/dist.
    outDir: 'dist',
    emptyOutDir: true,
    // The chunk graph (which JS each route needs) is checked against the budgets by scripts/check-bundle.ts.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: API, changeOrigin: true },
      '/socket.io': { target: API, ws: true, changeOrigin: true },
    },
  },
});
