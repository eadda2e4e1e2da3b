// The web tests' setup: jest-dom's matchers (toBeInTheDocument, toHaveValue...) and the fake
// API (test/server.ts) answering every request, reset after each test.
import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetApi, server } from './server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  resetApi();
});
afterAll(() => server.close());
