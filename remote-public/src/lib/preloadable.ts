import { createElement, lazy, type ComponentProps, type ComponentType } from 'react';

/**
 * `React.lazy` whose code can be fetched ahead of the first render, and which renders without
 * suspending once it has been. Hydration needs it: a lazy component that suspends while React
 * hydrates leaves its server markup dehydrated, and a navigation before it wakes would render the
 * new page beside the old markup instead of in its place.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props kept below
export function preloadable<Component extends ComponentType<any>>(load: () => Promise<{ default: Component }>) {
  let loaded: Component | null = null;
  let loading: Promise<void> | null = null;
  const preload = (): Promise<void> => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed download may be retried by the next render or preload.
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded! })));
  function Preloadable(props: ComponentProps<Component>) {
    return createElement(loaded ?? Lazy, props);
  }
  return Object.assign(Preloadable, { preload });
}
