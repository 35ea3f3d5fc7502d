import type { QueryClient } from '@tanstack/react-query';

const clients = new Set<QueryClient>();

/** A test's query client, stopped after the test (testing/setup.ts). */
export function trackQueryClient(client: QueryClient): QueryClient {
  clients.add(client);
  return client;
}

/**
 * Cancels what the test's queries still have under way and drops them: a request still waiting for its task
 * (lib/api-client.ts) would otherwise reach the next test's fetch stub and be counted there.
 */
export async function stopQueryClients(): Promise<void> {
  for (const client of clients) {
    await client.cancelQueries();
    client.clear();
  }
  clients.clear();
}
