import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The app is served by server/shop.js (which sets its Content-Security-Policy), from dist/.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
