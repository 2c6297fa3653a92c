// The process entry point. NODE_ENV must be settled before any library is loaded: React picks
// its (much faster) production build from it once, at first import, and React DOM must match.
// The .env file is read first (ADR 068); the environment and `--dev` win over it.
import { loadEnvFileOrExit } from './env-file.ts';

if (process.argv.includes('--dev')) process.env.NODE_ENV ||= 'development';
loadEnvFileOrExit();
process.env.NODE_ENV ||= 'production';
await import('./http/server.ts');
