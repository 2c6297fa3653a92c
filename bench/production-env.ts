// Imported first by a bench: the shop measured as it runs in production (server/main.ts), so
// React renders its production build. Import order is evaluation order, so this runs before any
// module that reads NODE_ENV is loaded.
process.env.NODE_ENV ||= 'production';
