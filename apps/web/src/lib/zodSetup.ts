import { z } from 'zod';

// zod's fast path probes `new Function` while building object schemas (at import time), which
// the server's Content-Security-Policy forbids and the browser reports as a console error.
// This module is imported first by main.tsx so it runs before any schema is built.
z.config({ jitless: true });
