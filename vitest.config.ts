import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{proxy,demo,widget,bundle}/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
