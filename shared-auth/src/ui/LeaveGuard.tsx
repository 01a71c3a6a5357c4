import { useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { UNSAFE_NavigationContext as NavigationContext, useLocation, type To } from 'react-router-dom';
import { confirmLeave, hasUnsavedChanges, subscribeUnsaved } from '@deals/shared-auth';

/** The path `to` leads to, from `current` (a link within the screen, such as its own filters, is not leaving). */
function pathOf(to: To, current: string): string {
  if (typeof to !== 'string') return to.pathname ?? current;
  return new URL(to, `http://host${current}`).pathname;
}

/**
 * Asks before unsaved work is lost (see `useUnsavedChanges`): every navigation of the app inside it
 * (links, buttons, redirects; any remote's, since the router is shared) to another screen waits for
 * Leave, and a reload or closed tab gets the browser's own question. It hands its children a
 * navigator that asks first, so it works under the shell's plain BrowserRouter without a data router.
 */
export function LeaveGuard({ children }: { children: ReactNode }) {
  const context = useContext(NavigationContext);
  const { pathname } = useLocation();
  const current = useRef(pathname);
  useEffect(() => {
    current.current = pathname;
  }, [pathname]);

  const guarded = useMemo(() => {
    const { navigator } = context;
    const whenAllowed = (to: To | null, go: () => void) => {
      if (!hasUnsavedChanges() || (to !== null && pathOf(to, current.current) === current.current)) return go();
      void confirmLeave().then((leave) => leave && go());
    };
    return {
      ...context,
      navigator: {
        createHref: (to: To) => navigator.createHref(to),
        ...(navigator.createURL ? { createURL: (to: To) => navigator.createURL!(to) } : {}),
        ...(navigator.encodeLocation ? { encodeLocation: (to: To) => navigator.encodeLocation!(to) } : {}),
        go: (delta: number) => whenAllowed(null, () => navigator.go(delta)),
        push: (...args: Parameters<typeof navigator.push>) => whenAllowed(args[0], () => navigator.push(...args)),
        replace: (...args: Parameters<typeof navigator.replace>) => whenAllowed(args[0], () => navigator.replace(...args)),
      },
    };
  }, [context]);

  // The browser's own "Leave site?" on reload or tab close, only while something is unsaved (a
  // beforeunload listener would otherwise keep pages out of the back/forward cache).
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers read the question from returnValue.
      event.returnValue = '';
    };
    let listening = false;
    const sync = () => {
      const wanted = hasUnsavedChanges();
      if (wanted === listening) return;
      listening = wanted;
      if (wanted) window.addEventListener('beforeunload', ask);
      else window.removeEventListener('beforeunload', ask);
    };
    sync();
    const unsubscribe = subscribeUnsaved(sync);
    return () => {
      unsubscribe();
      window.removeEventListener('beforeunload', ask);
    };
  }, []);

  return <NavigationContext.Provider value={guarded}>{children}</NavigationContext.Provider>;
}
