import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, useNavigate } from 'react-router-dom';
import { hasUnsavedChanges, UNSAVED_TEXTS, useUnsavedChanges } from '@deals/shared-auth';
import { FormModal } from './FormModal';
import { expectLocation, renderRoutes } from '../testing/ui';

/** A screen with a text box whose typing is unsaved until Save. */
function Editor() {
  const [text, setText] = useState('');
  const [saved, setSaved] = useState('');
  const navigate = useNavigate();
  useUnsavedChanges(text !== saved);
  return (
    <>
      <input aria-label="Text" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="button" onClick={() => setSaved(text)}>
        Save
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
      <Link to="/editor?tab=2">Same screen</Link>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </>
  );
}

const renderEditor = () => renderRoutes(<Route path="/editor" element={<Editor />} />, '/editor');
const type = (text: string) => userEvent.type(screen.getByRole('textbox', { name: 'Text' }), text);
const dialog = () => screen.findByRole('dialog', { name: UNSAVED_TEXTS.leaveTitle });

describe('LeaveGuard', () => {
  it('lets a screen without unsaved changes go at once', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await expectLocation('/elsewhere');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before leaving unsaved changes: Cancel stays, Leave goes', async () => {
    renderEditor();
    await type('draft');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await dialog()).toHaveTextContent(UNSAVED_TEXTS.leaveText);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expectLocation('/editor');
    expect(screen.getByRole('textbox', { name: 'Text' })).toHaveValue('draft');

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: UNSAVED_TEXTS.leave }));
    await expectLocation('/elsewhere');
    // The screen is gone, and with it what it had not saved.
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('does not ask once the changes are saved, nor for a link within the same screen', async () => {
    renderEditor();
    await type('draft');
    await userEvent.click(screen.getByRole('link', { name: 'Same screen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('location-search')).toHaveTextContent('?tab=2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await expectLocation('/elsewhere');
  });

  it('asks before history steps too', async () => {
    renderEditor();
    await type('x');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await dialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await expectLocation('/editor');
  });

  it('has the browser ask on reload or tab close only while something is unsaved', async () => {
    renderEditor();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      act(() => void window.dispatchEvent(event));
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await type('draft');
    expect(unload()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(unload()).toBe(false);
  });
});

describe('FormModal with unsaved changes', () => {
  function WithModal() {
    const [open, setOpen] = useState(true);
    const [text, setText] = useState('');
    return open ? (
      <FormModal title="Add Footer Item" okText="Add" valid submitting={false} unsaved={text !== ''} onSubmit={() => setOpen(false)} onCancel={() => setOpen(false)}>
        <input aria-label="Label" value={text} onChange={(event) => setText(event.target.value)} />
      </FormModal>
    ) : (
      <p>Closed</p>
    );
  }

  it('closes at once when untouched', async () => {
    renderRoutes(<Route path="/" element={<WithModal />} />);
    await screen.findByRole('textbox', { name: 'Label' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first when something was typed, and closes on Discard', async () => {
    renderRoutes(<Route path="/" element={<WithModal />} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Label' }), 'Careers');
    // The modal's Cancel (not the confirm's).
    fireEvent.click(screen.getAllByRole('button', { name: 'Cancel' })[0]!);
    // Two dialogs now (antd names both by one test id): the confirm is the one with its question.
    await waitFor(() => expect(screen.getAllByRole('dialog').some((dialog) => dialog.textContent?.includes(`${UNSAVED_TEXTS.discardTitle}${UNSAVED_TEXTS.discardText}`))).toBe(true));
    expect(hasUnsavedChanges()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: UNSAVED_TEXTS.discard }));
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(hasUnsavedChanges()).toBe(false);
  });
});
