// The web tests' setup: jest-dom's matchers (toBeInTheDocument, toHaveValue...) and the fake
// API (test/server.ts) answering every request, reset after each test.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { clearNotices } from '../components/feedback/notices';
import { forgetOwnVersions } from '../components/form/versionChain';
import { setSchoolCurrency } from '../lib/currency';
import { resetApi, server } from './server';

// Screens are lazy chunks behind a lazy shell: on a busy machine the first render of a file
// can take longer than findBy*'s default second; a query still ends as soon as its element is there.
configure({ asyncUtilTimeout: 10_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// files share their worker's modules (isolate: false): no test starts with an earlier file's notices
beforeEach(() => clearNotices());
afterEach(() => {
  server.resetHandlers();
  resetApi();
  forgetOwnVersions();
  setSchoolCurrency('PLN');
});
afterAll(() => server.close());
