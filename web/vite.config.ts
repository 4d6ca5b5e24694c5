// Vite builds web/src into web/dist, which `allegra serve --web web/dist` serves (docs/web.md).
// The texts live outside web/ (data/lang/*.json, shared with the terminal game), so the dev
// server may read the repository root; `npm run dev` proxies the WebSocket to a local server.
import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  plugins: [preact()],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022', reportCompressedSize: true },
  server: {
    fs: { allow: [repoRoot] },
    proxy: { '/ws': { target: 'ws://127.0.0.1:8080', ws: true }, '/games': 'http://127.0.0.1:8080' },
  },
  test: { include: ['src/**/*.test.ts', 'src/**/*.test.tsx'], environment: 'node' },
});
