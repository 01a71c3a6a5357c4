// A minimal host so a remote's team can run it alone (`npm run dev -w <remote>`): the same router
// and shared singletons the shell gives it, without the shell.
import { StrictMode, type ComponentType, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

export function mountStandalone(App: ComponentType, wrap: (app: ReactElement) => ReactElement = (app) => app): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root');
  createRoot(container).render(<StrictMode>{wrap(<BrowserRouter><App /></BrowserRouter>)}</StrictMode>);
}
