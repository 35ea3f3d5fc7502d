import { afterEach, describe, expect, it, vi } from 'vitest';
import { canPrefetch, prefetchPath, setPrefetchResolver } from '../prefetch.ts';

const nav = (onLine: boolean, connection?: object) => ({ onLine, connection }) as unknown as Navigator;

describe('route prefetching', () => {
  afterEach(() => setPrefetchResolver(() => []));

  it('is skipped offline, with data saver and on 2g connections', () => {
    expect(canPrefetch(nav(true))).toBe(true);
    expect(canPrefetch(nav(true, { effectiveType: '4g' }))).toBe(true);
    expect(canPrefetch(nav(false))).toBe(false);
    expect(canPrefetch(nav(true, { saveData: true }))).toBe(false);
    expect(canPrefetch(nav(true, { effectiveType: '2g' }))).toBe(false);
    expect(canPrefetch(nav(true, { effectiveType: 'slow-2g' }))).toBe(false);
  });

  it('loads the modules of a path once', async () => {
    const load = vi.fn(() => Promise.resolve({}));
    const resolver = vi.fn(() => [load]);
    setPrefetchResolver(resolver);
    await prefetchPath('/persons/co');
    await prefetchPath('/persons/co');
    expect(resolver).toHaveBeenCalledWith('/persons/co');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does nothing while offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const load = vi.fn(() => Promise.resolve({}));
    setPrefetchResolver(() => [load]);
    await prefetchPath('/management/users');
    expect(load).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('forgets a failed prefetch so a later intent tries again', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    setPrefetchResolver(() => [load]);
    await prefetchPath('/forms');
    await prefetchPath('/forms');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
