import { createRequire } from 'node:module';
import path from 'node:path';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * React Router's production build. Its package exports only `dist/development` (to Node and to
 * bundlers alike), which differs from `dist/production` only in its development warnings being on.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command, isSsrBuild }) => {
  // The built server renders with React Router's production build, bundled into
  // build/server/index.js with its own dependencies (their versions are not the shop's), and
  // the server takes its request handler from that bundle (app/entry.server.tsx): one copy of
  // React Router, never the development one (ADR 058). Development and the browser are as before.
  const serverBuild = command === 'build' && isSsrBuild === true;
  return {
    plugins: [tailwindcss(), reactRouter()],
    resolve: {
      tsconfigPaths: false,
      alias: serverBuild ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
    },
    build: { target: 'es2022', assetsInlineLimit: 0 },
    ssr: {
      // Server modules reach loaders through the load context, never through the bundle.
      external: [],
      noExternal: serverBuild ? ['react-router', '@react-router/node', 'cookie', 'set-cookie-parser'] : [],
    },
  };
});
