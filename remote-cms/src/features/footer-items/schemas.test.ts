import { ValidationError } from 'yup';
import { CMS_MESSAGES } from '@deals/contract/page-rules';
import { footerItemSchema, type FooterItemForm } from './schemas';

const valid: FooterItemForm = { label: 'Privacy', to: '/privacy' };

async function problems(values: Partial<FooterItemForm>): Promise<Record<string, string>> {
  try {
    await footerItemSchema.validate({ ...valid, ...values }, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

describe('footer item rules', () => {
  it('gives every message of spec 2 §5 and the link rule', async () => {
    expect(await problems({})).toEqual({});
    expect(await problems({ label: '' })).toEqual({ label: 'Footer label is required' });
    expect(await problems({ label: '  ' })).toEqual({ label: 'Footer label is required' });
    expect(await problems({ label: 'x'.repeat(250) })).toEqual({});
    expect(await problems({ label: 'x'.repeat(251) })).toEqual({ label: 'Footer label must be at most 250 characters' });
    expect(await problems({ to: '' })).toEqual({ to: 'Link is required' });
    expect(await problems({ to: `/${'x'.repeat(499)}` })).toEqual({});
    expect(await problems({ to: `/${'x'.repeat(500)}` })).toEqual({ to: 'Link must be at most 500 characters' });
    for (const bad of ['javascript:alert(1)', 'privacy', '//evil.example', 'data:text/html,x']) expect(await problems({ to: bad })).toEqual({ to: CMS_MESSAGES.linkInvalid });
    for (const good of ['/privacy', 'https://example.com', 'mailto:hi@example.com', 'tel:5551234567', ' /trimmed ']) expect(await problems({ to: good })).toEqual({});
  });
});
