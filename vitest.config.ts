import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{proxy,demo,widget,bundle}/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    // Ends the run with the groups skipped for want of a system tool, and how to install them.
    globalSetup: ['proxy/test/fixtures/tools-summary.ts'],
  },
});
