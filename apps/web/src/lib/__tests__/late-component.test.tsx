import { render, screen } from '@testing-library/react';
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

  it('reveals parts whose code arrived together in commits of their own, not one (issue #27)', async () => {
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
});
