/** `npm run test:firefox`: the Firefox smoke suite (e2e/firefox), apart from the unit tests. */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/firefox/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ['proxy/test/fixtures/tools-summary.ts'],
  },
});
