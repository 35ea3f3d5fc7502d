import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../testing/fetch-stub.ts';
import { prefetchConfig, useConfigRequest } from '../use-config-request.ts';

describe("the sign-in page's /api/config", () => {
  it('is in the first render when it answered before it: the form, not a loader it replaces', async () => {
    const requests = stubApi({});
    await prefetchConfig();
    const { result } = renderHook(() => useConfigRequest());
    // Read right after the first render, before any effect could have set state.
    expect(result.current).toMatchObject({ isPending: false, data: { auth: { strategy: 'local' } } });
    expect(requests.filter((r) => r.url.endsWith('/api/config'))).toHaveLength(1);
  });

  it('is pending in the first render while unanswered, then takes the early request', async () => {
    const requests = stubApi({});
    void prefetchConfig();
    const { result } = renderHook(() => useConfigRequest());
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(requests.filter((r) => r.url.endsWith('/api/config'))).toHaveLength(1);
  });
});
