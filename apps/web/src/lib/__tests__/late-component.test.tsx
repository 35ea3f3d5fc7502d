import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Component, Profiler, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lateComponent } from '../late-component.tsx';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const Part = ({ name }: { name: string }) => <p>{name}</p>;

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error}</p> : this.props.children;
  }
}

describe('lateComponent', () => {
  it('shows its fallback until its code has arrived, then the component; later mounts show it at once', async () => {
    const code = deferred<typeof Part>();
    const load = vi.fn(() => code.promise);
    const Late = lateComponent(load);
    const first = render(<Late name="filters" fallback={<p>look-alike</p>} />);
    expect(screen.queryByText('look-alike')).not.toBeNull();
    code.resolve(Part);
    await screen.findByText('filters');
    expect(screen.queryByText('look-alike')).toBeNull();
    first.unmount();

    render(<Late name="again" fallback={<p>look-alike</p>} />);
    expect(screen.queryByText('again')).not.toBeNull();
    expect(screen.queryByText('look-alike')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reveals parts whose code arrived together in commits of their own, not one', async () => {
    const code = deferred<typeof Part>();
    const A = lateComponent(() => code.promise);
    const B = lateComponent(() => code.promise);
    const commits: number[] = [];
    render(
      <Profiler id="page" onRender={() => commits.push(document.querySelectorAll('p').length)}>
        <A name="a" fallback={<span>a…</span>} />
        <B name="b" fallback={<span>b…</span>} />
      </Profiler>,
    );
    code.resolve(Part);
    await screen.findByText('b');
    // The mount, then one part per commit: never both in the same one.
    expect(commits).toEqual([0, 1, 2]);
  });

  it('throws a load that failed where the part renders, for the nearest error boundary', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Late = lateComponent<{ name: string }>(() => Promise.reject(new Error('chunk failed')));
    render(
      <Boundary>
        <Late name="x" fallback={<p>look-alike</p>} />
      </Boundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toBe('chunk failed');
    spy.mockRestore();
  });

  describe("swap: 'on-intent'", () => {
    /** A part whose control counts the presses it gets. */
    function Control({ name, pressed }: { name: string; pressed: () => void }) {
      return (
        <button type="button" onClick={pressed}>
          {name}
        </button>
      );
    }
    const lookAlike = <input aria-label="look-alike" readOnly />;

    it('keeps the look-alike after the code is in, until the pointer comes over it', async () => {
      const code = deferred<typeof Control>();
      const Late = lateComponent(() => code.promise, { swap: 'on-intent' });
      render(<Late name="real" pressed={() => {}} fallback={lookAlike} />);
      await act(async () => code.resolve(Control));
      expect(screen.queryByRole('button')).toBeNull();
      fireEvent.pointerOver(screen.getByLabelText('look-alike'));
      expect(await screen.findByRole('button', { name: 'real' })).not.toBe(document.activeElement);
      expect(screen.queryByLabelText('look-alike')).toBeNull();
    });

    it('hands the focus over: a tab onto the look-alike lands on the control', async () => {
      const Late = lateComponent(() => Promise.resolve(Control), { swap: 'on-intent' });
      render(<Late name="real" pressed={() => {}} fallback={lookAlike} />);
      act(() => screen.getByLabelText('look-alike').focus());
      const control = await screen.findByRole('button', { name: 'real' });
      expect(document.activeElement).toBe(control);
    });

    it('hands a press over, also one that arrived before the code did', async () => {
      const code = deferred<typeof Control>();
      const pressed = vi.fn();
      const Late = lateComponent(() => code.promise, { swap: 'on-intent' });
      render(<Late name="real" pressed={pressed} fallback={lookAlike} />);
      fireEvent.click(screen.getByLabelText('look-alike'));
      expect(pressed).not.toHaveBeenCalled();
      await act(async () => code.resolve(Control));
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'real' }));
      expect(pressed).toHaveBeenCalledTimes(1);
    });

    /** A press on the look-alike that the part replaces before its release; the part's control. */
    async function pressCutBySwap(pressed: () => void) {
      const Late = lateComponent(() => Promise.resolve(Control), { swap: 'on-intent' });
      render(<Late name="real" pressed={pressed} fallback={lookAlike} />);
      fireEvent.pointerDown(screen.getByLabelText('look-alike'));
      fireEvent.pointerOver(screen.getByLabelText('look-alike'));
      return screen.findByRole('button', { name: 'real' });
    }

    it('presses the control when the part came between a press and its release (no click then)', async () => {
      const pressed = vi.fn();
      const control = await pressCutBySwap(pressed);
      fireEvent.pointerUp(control);
      await waitFor(() => expect(pressed).toHaveBeenCalledTimes(1));
      fireEvent.click(control);
      expect(pressed).toHaveBeenCalledTimes(2);
    });

    it('presses nothing when that release falls outside the part', async () => {
      const pressed = vi.fn();
      await pressCutBySwap(pressed);
      fireEvent.pointerUp(document.body);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(pressed).not.toHaveBeenCalled();
    });
  });
});
