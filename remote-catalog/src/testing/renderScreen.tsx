// Test support only: renders catalog screens the way the shell's admin frame does (English antd,
// App context, the shared toast and confirm modal) inside a router that shows where it navigated.
import type { ReactElement, ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { FeedbackHost } from '@deals/shared-auth/ui';
import { setSession } from '@deals/shared-auth';
import { unsignedToken } from '@deals/shared-auth/testing';

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** Renders `<Route>` elements at `path`, inside the admin frame's providers. */
export function renderRoutes(routes: ReactNode, path = '/') {
  return render(
    // English: without it antd writes its own buttons (Cancel, Go to) in Chinese.
    <ConfigProvider locale={enUS}>
      <App>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {routes}
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <FeedbackHost />
      </App>
    </ConfigProvider>,
  );
}

/** Renders one screen for `route` (a react-router pattern) at `path`. */
export function renderScreen(element: ReactElement, { path = '/', route = '*' }: { path?: string; route?: string } = {}) {
  return renderRoutes(<Route path={route} element={element} />, path);
}

export const expectLocation = (path: string) => waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(path));

/** Signs a staff member in for the test (the token is unsigned: only the server verifies). */
export function signInAs(id: number, { admin }: { admin: boolean }) {
  setSession({ id, username: admin ? 'admin' : `staff${id}` }, unsignedToken({ sub: String(id), IsAdmin: admin ? 'True' : 'False' }), 'refresh');
}
