import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to preload the first page's code with the HTML (apps/server/src/plugins/page-preloads.ts).
    manifest: !isSsrBuild,
    // The server bundle (entry-server.tsx) needs no copy of the public files.
    copyPublicDir: !isSsrBuild,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/media': 'http://localhost:8080',
      '/content': 'http://localhost:8080',
      '/status': 'http://localhost:8080',
      '/sandbox': 'http://localhost:8080',
      '/dev': 'http://localhost:8080',
      '/idp': 'http://localhost:8080',
      '/lookup': 'http://localhost:8080',
    },
  },
}));
