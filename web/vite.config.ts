import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    rolldownOptions: {
      // The app's own modules only declare things: a barrel import (`@/features/x`) must not
      // pull every component of a feature into the first download. CSS and the entry do run.
      treeshake: { moduleSideEffects: (id: string) => !/\/web\/src\/.*\.tsx?$/.test(id) || id.endsWith('/main.tsx') },
    },
  },
  server: { port: 5173 },
});
