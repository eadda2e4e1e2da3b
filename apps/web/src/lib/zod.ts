// The web app's `zod`: vite.config.ts (and the web tests' config) resolve every import of 'zod'
// here, the contract's schemas included, so this runs before any schema is built whatever the
// chunk order. It imports the real package by its 'zod/v4' entry, which the alias leaves alone.
import { z } from 'zod/v4';

// zod's fast path probes `new Function` when it builds an object schema; the server's
// Content-Security-Policy forbids it and the browser reports the attempt (ADR 006).
z.config({ jitless: true });

export * from 'zod/v4';
