// The server's CSP allows no eval (script-src 'self'): zod would probe `new Function` for its fast path
// when the first object schema is built, and the browser would report a CSP violation (Lighthouse best
// practices). Zod reads this global when it loads; index.html runs this file (deferred, in
// order) before the app's modules.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
