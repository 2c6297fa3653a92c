import type { Config } from '@react-router/dev/config';

export default {
  ssr: true,
  appDirectory: 'app',
  buildDirectory: 'build',
  future: {
    // Loaders and actions get the request as it came (no copies per route) and read the page's
    // address from their `url` argument (ADR 058); React Router 8's default.
    v8_passThroughRequests: true,
  },
} satisfies Config;
