import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: false },
  build: { target: 'es2022', assetsInlineLimit: 0 },
  ssr: {
    // Server modules reach loaders through the load context, never through the bundle.
    external: [],
  },
});
