// Test support for the content-section and banner screens (imported by *.test.tsx only).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';

/** Picks an option of the antd select labelled `label`, inside that select's own dropdown. */
export async function choose(label: string, option: string, container: HTMLElement = document.body) {
  const input = within(container).getByLabelText(label, { selector: 'input' });
  await userEvent.click(input);
  const dropdown = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    const popup = list?.closest<HTMLElement>('.ant-select-dropdown');
    if (!popup) throw new Error(`No dropdown for ${label}`);
    return popup;
  });
  // A dropdown opened just before may still be fading out (pointer-events: none) as it reopens.
  await userEvent.click(within(dropdown).getByTitle(option), { pointerEventsCheck: PointerEventsCheckLevel.Never });
}

/** The option labels of the antd select labelled `label` (opens it, then closes it again). */
export async function optionsOf(label: string): Promise<string[]> {
  const input = screen.getByLabelText(label, { selector: 'input' });
  await userEvent.click(input);
  const dropdown = await waitFor(() => {
    const popup = document.getElementById(input.getAttribute('aria-controls') ?? '')?.closest<HTMLElement>('.ant-select-dropdown');
    if (!popup) throw new Error(`No dropdown for ${label}`);
    return popup;
  });
  const labels = Array.from(dropdown.querySelectorAll('.ant-select-item-option'), (option) => option.getAttribute('title') ?? '');
  await userEvent.keyboard('{Escape}');
  return labels;
}

/** The value an antd select shows. */
export const selectedOf = (label: string, container: HTMLElement = document.body) =>
  within(container).getByLabelText(label, { selector: 'input' }).closest('.ant-select')?.querySelector('.ant-select-selection-item')?.getAttribute('title') ?? null;

/** The toast with this text, in this state (success, warning or error). */
export async function expectToast(text: string, state: 'success' | 'warning' | 'error') {
  await waitFor(() => {
    const toast = screen.getByRole(state === 'success' ? 'status' : 'alert');
    expect(toast).toHaveTextContent(text);
    expect(toast.closest('.ant-alert') ?? toast).toHaveClass(`ant-alert-${state}`);
  });
}

/** The multipart body's fields (files as `file:<name>`). */
export function fieldsOf(body: unknown): Record<string, unknown> {
  expect(body).toBeInstanceOf(FormData);
  return Object.fromEntries(Array.from((body as FormData).entries(), ([key, value]) => [key, value instanceof File ? `file:${value.name}` : value]));
}

export const fileInput = (container: ParentNode = document) => container.querySelector('input[type="file"]') as HTMLInputElement;
export const png = (name = 'slide.png') => new File(['png-bytes'], name, { type: 'image/png' });

/** The table row holding this text. */
export const rowOf = async (text: string) => (await screen.findByText(text, { selector: 'td, td *' })).closest('tr') as HTMLElement;
