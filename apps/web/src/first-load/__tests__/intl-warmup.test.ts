import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTL_WARMUP_WORKER, warmIntlOffThread } from '../intl-warmup.ts';

describe('warmIntlOffThread', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it("starts the worker with the page's language", () => {
    const Worker = vi.fn();
    vi.stubGlobal('Worker', Worker);
    warmIntlOffThread('pt-BR');
    expect(Worker).toHaveBeenCalledExactlyOnceWith(INTL_WARMUP_WORKER, { name: 'pt-BR' });
  });

  it('leaves it to a drawn page, whose after-frame script started it', () => {
    const Worker = vi.fn();
    vi.stubGlobal('Worker', Worker);
    document.body.innerHTML = '<script data-app-entry="/assets/index.js" data-intl-warmup="started"></script>';
    warmIntlOffThread('es');
    expect(Worker).not.toHaveBeenCalled();
  });

  it('is a no-op without workers, or when the browser refuses one', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => warmIntlOffThread('en')).not.toThrow();
    vi.stubGlobal(
      'Worker',
      vi.fn(() => {
        throw new DOMException('refused', 'SecurityError');
      }),
    );
    expect(() => warmIntlOffThread('en')).not.toThrow();
  });
});
