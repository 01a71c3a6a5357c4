import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ActionButton, ActionButtons, actionHref } from './ActionButton';
import { aSection } from '../../testing/contentFixtures';

describe('actionHref', () => {
  it('maps each of the four action types', () => {
    expect(actionHref('PAGE', '/deals')).toBe('/deals');
    expect(actionHref('LINK_NEW_TAB', 'https://apps.apple.com/app/x')).toBe('https://apps.apple.com/app/x');
    expect(actionHref('PHONENUMBER', '(415) 555-0134')).toBe('tel:4155550134');
    expect(actionHref('PHONENUMBER', '+1 415 555 0134')).toBe('tel:+14155550134');
    expect(actionHref('EMAIL', 'hello@dealdrop.example')).toBe('mailto:hello@dealdrop.example');
  });

  it('does not prefix twice and trims', () => {
    expect(actionHref('EMAIL', ' mailto:a@b.co ')).toBe('mailto:a@b.co');
    expect(actionHref('PHONENUMBER', 'tel:555-0134')).toBe('tel:5550134');
  });

  it('answers null for empty links, unknown types and script urls', () => {
    expect(actionHref('PAGE', '')).toBeNull();
    expect(actionHref('PAGE', null)).toBeNull();
    expect(actionHref(null, '/deals')).toBeNull();
    expect(actionHref('OTHER', '/deals')).toBeNull();
    expect(actionHref('LINK_NEW_TAB', 'javascript:alert(1)')).toBeNull();
    expect(actionHref('PAGE', '//evil.example')).toBeNull();
    expect(actionHref('EMAIL', 'not an address')).toBeNull();
    expect(actionHref('PHONENUMBER', 'call us')).toBeNull();
  });
});

describe('ActionButton', () => {
  const renderIn = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

  it('renders a site link, a new-tab link, tel: and mailto:', () => {
    renderIn(
      <>
        <ActionButton text="Browse deals" type="PAGE" link="/deals" />
        <ActionButton text="App Store" type="LINK_NEW_TAB" link="https://apps.apple.com/app/x" />
        <ActionButton text="Call us" type="PHONENUMBER" link="(415) 555-0134" />
        <ActionButton text="Email us" type="EMAIL" link="hello@dealdrop.example" />
      </>,
    );
    expect(screen.getByRole('link', { name: 'Browse deals' })).toHaveAttribute('href', '/deals');
    const external = screen.getByRole('link', { name: /App Store/ });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', 'tel:4155550134');
    expect(screen.getByRole('link', { name: 'Email us' })).toHaveAttribute('href', 'mailto:hello@dealdrop.example');
  });

  it('renders nothing without text or link', () => {
    const { container } = renderIn(
      <>
        <ActionButton text="" type="PAGE" link="/deals" />
        <ActionButton text="Go" type="PAGE" link={null} />
        <ActionButtons item={aSection()} />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('renders primary and secondary buttons of an item', () => {
    renderIn(
      <ActionButtons
        item={aSection({ primaryButtonText: 'One', primaryButtonActionType: 'PAGE', primaryButtonLink: '/a', secondaryButtonText: 'Two', secondaryButtonActionType: 'EMAIL', secondaryButtonLink: 'x@y.co' })}
      />,
    );
    expect(screen.getByRole('link', { name: 'One' })).toHaveClass('btn--primary');
    expect(screen.getByRole('link', { name: 'Two' })).toHaveClass('btn--ghost');
  });
});
