import { SolTransientError } from './types.ts';

/** One HTTP call to an outside service: time-out, and a 5xx / 429 / network failure is transient. */
export async function call(url: string, init: RequestInit & { timeoutMs?: number }): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
  } catch (error) {
    throw new SolTransientError(`${new URL(url).host}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (response.status >= 500 || response.status === 429)
    throw new SolTransientError(`${new URL(url).host} answered ${response.status}`);
  if (!response.ok)
    throw new Error(`${new URL(url).host} refused: ${response.status} ${(await response.text()).slice(0, 200)}`);
  return response;
}
