import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The browser's paint reports are what the helper listens to; jsdom has none, so a stand-in
 * PerformanceObserver delivers them here (the helper itself is the real module, fresh per test).
 */
type Listener = (list: { getEntriesByName(name: string): unknown[] }) => void;
let observers: { listener: Listener; disconnected: boolean }[];

class PaintObserver {
  static supportedEntryTypes = ['paint'];
  private readonly entry: { listener: Listener; disconnected: boolean };
  constructor(listener: Listener) {
    this.entry = { listener, disconnected: false };
    observers.push(this.entry);
  }
  observe(): void {}
  disconnect(): void {
    this.entry.disconnected = true;
  }
}

const paint = (name: string) =>
  observers.forEach((o) => o.listener({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }));

async function load() {
  vi.resetModules();
  return import('../after-first-paint.ts');
}

describe('afterFirstPaint', () => {
  beforeEach(() => {
    observers = [];
    vi.stubGlobal('PerformanceObserver', PaintObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the first contentful paint, not the first paint, then loads what waited, once', async () => {
    const { afterFirstPaint, whenPainted } = await load();
    const importer = vi.fn(async () => 'module');
    let settled = false;
    const loaded = whenPainted(importer).then((value) => ((settled = true), value));
    paint('first-paint');
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(importer).not.toHaveBeenCalled();

    paint('first-contentful-paint');
    await Promise.resolve();
    // In a task of its own, after the one that saw the paint.
    expect(importer).not.toHaveBeenCalled();
    await expect(loaded).resolves.toBe('module');
    expect(importer).toHaveBeenCalledTimes(1);
    expect(observers).toHaveLength(1);
    expect(observers[0]!.disconnected).toBe(true);
    // Later asks do not wait again.
    await expect(afterFirstPaint()).resolves.toBeUndefined();
  });

  it('gives up waiting after 3 s (a page loading in a background tab paints only when shown)', async () => {
    vi.useFakeTimers();
    const { afterFirstPaint } = await load();
    let settled = false;
    void afterFirstPaint().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('does not wait where the browser reports no paints', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const { afterFirstPaint } = await load();
    await expect(afterFirstPaint()).resolves.toBeUndefined();
  });

  it('on a page load the server drew (data-shell), waits for the app to replace that frame, then a frame more', async () => {
    document.body.innerHTML = '<div id="root"><div data-shell inert><h1>Persons</h1></div></div>';
    const { afterFirstPaint } = await load();
    let settled = false;
    void afterFirstPaint().then(() => (settled = true));
    // The frame's own paint is not the app's.
    paint('first-contentful-paint');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect(observers).toHaveLength(0);

    // React's first commit empties the root and renders the page.
    document
      .getElementById('root')!
      .replaceChildren(Object.assign(document.createElement('h1'), { textContent: 'Persons' }));
    await vi.waitFor(() => expect(settled).toBe(true));
    document.body.innerHTML = '';
  });

  it('offline, what waited for the paint waits for the network too (fetched offline it would fail)', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    let online = false;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const { whenPainted } = await load();
    const importer = vi.fn(async () => 'module');
    const loaded = whenPainted(importer);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(importer).not.toHaveBeenCalled();
    online = true;
    window.dispatchEvent(new Event('online'));
    await expect(loaded).resolves.toBe('module');
    onLine.mockRestore();
  });
});
