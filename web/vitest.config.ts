import preact from '@preact/preset-vite';
import { defineConfig } from 'vitest/config';
import { preactAliases } from './vite.config';

export default defineConfig({
  plugins: [preact({ reactAliasesEnabled: false })],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify('test-build') },
  // the ESM builds of the libraries, whose imports of `react` the aliases can reach
  resolve: { alias: preactAliases, conditions: ['module', 'browser', 'development'] },
  test: {
    // libraries that import `react` are transformed here too, so that they meet the same preact/compat
    server: {
      deps: {
        inline: [
          /react-router/,
          /@tanstack/,
          /react-i18next/,
          /react-hook-form/,
          /@radix-ui/,
          /@hookform/,
          /@testing-library/,
        ],
      },
    },
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
  },
});
