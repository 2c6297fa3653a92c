// The process entry point. NODE_ENV must be settled before any library is loaded: React picks
// its (much faster) production build from it once, at first import, and React DOM must match.
process.env.NODE_ENV ||= process.argv.includes('--dev') ? 'development' : 'production';
await import('./http/server.ts');

export {};
