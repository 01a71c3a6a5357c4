import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { RemoteView } from './RemoteView';


function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('RemoteView', () => {
  it('shows loading, then the remote', async () => {
    const attempt = deferred<ComponentType>();
    render(<RemoteView remote="catalog" load={() => attempt.promise} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => attempt.resolve(() => <h1>Stores</h1>));
    expect(screen.getByRole('heading', { name: 'Stores' })).toBeInTheDocument();
  });

  it('shows the fallback when loading fails and loads again on Retry', async () => {
    const attempts = [deferred<ComponentType>(), deferred<ComponentType>()];
    const load = jest.fn((_remote: string, _exposed: string, retry?: boolean) => attempts[retry ? 1 : 0]!.promise);
    render(<RemoteView remote="cms" load={load} />);
    await act(async () => attempts[0]!.reject(new Error('manifest 502')));
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the cms section');

    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(load).toHaveBeenLastCalledWith('cms', 'App', true);
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => attempts[1]!.resolve(() => <p>Menu items</p>));
    expect(screen.getByText('Menu items')).toBeInTheDocument();
  });

  it('catches a remote that throws while rendering', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    const Flaky = () => {
      if (broken) throw new Error('boom');
      return <p>Recovered</p>;
    };
    render(<RemoteView remote="notifications" load={async () => Flaky} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the site is unavailable right now');
    broken = false;
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(await screen.findByText('Recovered')).toBeInTheDocument();
  });
});
