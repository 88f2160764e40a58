import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n as sharedI18n } from '../lib/i18n/i18n';

/** `i18n`: the server renders each language with its own instance (web/src/visitor/server.tsx). */
export function Providers({
  queryClient,
  i18n = sharedI18n,
  children,
}: {
  queryClient: QueryClient;
  i18n?: I18n;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
