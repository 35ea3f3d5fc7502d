import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../../testing/fetch-stub.ts';
import { apiRequest } from '../api-client.ts';

describe('apiRequest', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts each request in a task of its own, not in the one that asked', async () => {
    const requests = stubApi({ 'GET /api/v1/a': () => json(200, 'a'), 'GET /api/v1/b': () => json(200, 'b') });
    const preload = vi.fn();
    const parser = { parse: (data: unknown) => data as string, preload };
    const answers = Promise.all([apiRequest('/api/v1/a', parser), apiRequest('/api/v1/b', parser)]);
    // Nothing of either request ran in the asking task, nor in its microtasks.
    await Promise.resolve();
    expect(preload).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
    await expect(answers).resolves.toEqual(['a', 'b']);
    expect(preload).toHaveBeenCalledTimes(2);
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual(['/api/v1/a', '/api/v1/b']);
  });

  it('sends nothing when the request was cancelled while it waited for its task', async () => {
    const requests = stubApi({ 'GET /api/v1/a': () => json(200, 'a') });
    const controller = new AbortController();
    const answer = apiRequest('/api/v1/a', { parse: (data: unknown) => data as string }, { signal: controller.signal });
    controller.abort();
    await expect(answer).rejects.toMatchObject({ name: 'AbortError' });
    expect(requests).toHaveLength(0);
  });
});
