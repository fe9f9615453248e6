import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

const maxQueryRetries = 2;

/** The app's TanStack Query client: refused (4xx) requests are never retried, others a couple of times. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.isClientError) && failureCount < maxQueryRetries,
      },
      mutations: { retry: false },
    },
  });
}
