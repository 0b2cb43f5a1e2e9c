import { defineConfig } from 'vite';

// Served by the server under /console/; JSX is compiled for Preact by Vite's esbuild step. No
// inline script or style is emitted (the console's Content-Security-Policy allows only its own files).
export default defineConfig({
  base: '/console/',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
});
