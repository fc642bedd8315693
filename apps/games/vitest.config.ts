import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'games',
    environment: 'jsdom',
    include: ['src/**/*.test.ts'],
  },
});
