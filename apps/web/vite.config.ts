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
    // Every module the entry imports statically goes into the entry's own file. Left to itself the
    // bundler moves each module that a lazy page shares with the entry into a small file of its
    // own (React's JSX runtime, the paths, the token renewal…): more requests, and each file
    // compressed alone, 2 KB more over the wire on the home page (docs/decisions/0041).
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] } } },
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
