import { render, screen, waitFor } from '@testing-library/react';
import { RichTextEditor } from './RichTextEditor';

// The real wangEditor draws in jsdom (typing into it needs a browser: the forms' tests use a
// textarea in its place, and the browser tests type into this one).

const menuKeys = () => Array.from(document.querySelectorAll('.w-e-bar-item button[data-menu-key]'), (button) => button.getAttribute('data-menu-key'));

describe('RichTextEditor', () => {
  it('loads wangEditor with its value, in English, as a named text box', async () => {
    render(<RichTextEditor label="Content Details" value="<p>Hello <strong>deals</strong></p>" onChange={() => undefined} invalid />);
    const box = await screen.findByRole('textbox', { name: 'Content Details' }, { timeout: 10_000 });
    expect(box).toHaveTextContent('Hello deals');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(document.querySelector('[data-menu-key="bold"]')).toHaveAttribute('data-tooltip', expect.stringContaining('Bold'));
    expect(menuKeys()).not.toContain('uploadImage');
  });

  it('offers the picture upload only when given an upload, and no video, to-do or full-screen menus', async () => {
    render(<RichTextEditor label="Description" value="" onChange={() => undefined} uploadImage={async () => '/api/Attachments/a.jpg'} />);
    await screen.findByRole('textbox', { name: 'Description' }, { timeout: 10_000 });
    await waitFor(() => expect(menuKeys()).toContain('uploadImage'));
    for (const key of ['insertVideo', 'uploadVideo', 'todo', 'fullScreen']) expect(menuKeys()).not.toContain(key);
  });
});
