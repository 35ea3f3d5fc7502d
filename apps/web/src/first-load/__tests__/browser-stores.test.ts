import { afterEach, describe, expect, it, vi } from 'vitest';
import { openBrowserStores } from '../browser-stores.ts';
import { nextTask } from '../../lib/next-task.ts';

afterEach(() => vi.restoreAllMocks());

describe('openBrowserStores', () => {
  it('reads the cookie jar and then session storage, each in a task of its own', async () => {
    const reads: string[] = [];
    vi.spyOn(Document.prototype, 'cookie', 'get').mockImplementation(() => {
      reads.push('cookie');
      return '';
    });
    vi.spyOn(Storage.prototype, 'length', 'get').mockImplementation(() => {
      reads.push('sessionStorage');
      return 0;
    });
    const opened = openBrowserStores();
    await Promise.resolve();
    expect(reads).toEqual([]); // not in the caller's task
    await nextTask();
    expect(reads).toEqual(['cookie']);
    await opened;
    expect(reads).toEqual(['cookie', 'sessionStorage']);
  });

  it('goes on when the browser refuses a store', async () => {
    vi.spyOn(Storage.prototype, 'length', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    await expect(openBrowserStores()).resolves.toBeUndefined();
  });
});
