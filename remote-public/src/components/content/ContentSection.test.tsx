import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { ContentSection as Section } from '@deals/contract';
import { CONTENT_SECTION_TYPES } from '@deals/contract/enums';
import { ContentSection } from './ContentSection';
import { aSection } from '../../testing/contentFixtures';

const renderSection = (section: Section) => render(<MemoryRouter><ContentSection section={section} /></MemoryRouter>);

describe('ContentSection', () => {
  it.each([
    ['CONTENT_SECTION_DEFAULT', 'cs--default'],
    ['CONTENT_SECTION_REVERSED', 'cs--reversed'],
    ['CONTENT_SECTION_FULLWIDTH', 'cs--fullwidth'],
    ['CONTENT_SECTION_FULLWIDTH_PADDED', 'cs--fullwidth-padded'],
    ['CONTENT_SECTION_TEXTONLY', 'cs--textonly'],
    ['CONTENT_SECTION_CARD', 'cs--card'],
    ['CONTENT_SECTION_BANNER', 'cs--banner'],
  ] as const)('%s draws its layout with the title as h2 and the rich text', (type, layoutClass) => {
    const { container } = renderSection(aSection({ type, title: 'Why stacking works', description: '<p>Stores expect <strong>one</strong> discount.</p>' }));
    expect(container.firstElementChild).toHaveClass('cs', layoutClass);
    expect(screen.getByRole('heading', { level: 2, name: 'Why stacking works' })).toBeInTheDocument();
    expect(container.querySelector('.rich-text strong')).toHaveTextContent('one');
    expect(screen.getByText(/Stores expect/)).toBeInTheDocument();
  });

  it('has a layout for every stored type', () => {
    for (const type of CONTENT_SECTION_TYPES) {
      const { container, unmount } = renderSection(aSection({ type, rawHTML: '<p>custom</p>' }));
      expect(container).not.toHaveTextContent('Loading...');
      unmount();
    }
  });

  it('shows the image except for text-only sections', () => {
    const { container, unmount } = renderSection(aSection({ type: 'CONTENT_SECTION_DEFAULT', imagePath: 'pic.png' }));
    expect(container.querySelector('img')?.getAttribute('src')).toContain('pic.png');
    unmount();
    const textOnly = renderSection(aSection({ type: 'CONTENT_SECTION_TEXTONLY', isTextOnly: true, imagePath: 'pic.png' }));
    expect(textOnly.container.querySelector('img')).toBeNull();
  });

  it.each([
    ['LEFT', 'cs--align-left'],
    ['CENTER', 'cs--align-center'],
    ['RIGHT', 'cs--align-right'],
  ] as const)('honours alignment %s', (alignment, alignClass) => {
    const { container } = renderSection(aSection({ type: 'CONTENT_SECTION_FULLWIDTH', alignment }));
    expect(container.firstElementChild).toHaveClass(alignClass);
  });

  it('defaults to left alignment and adds the flag classes', () => {
    const { container } = renderSection(
      aSection({ type: 'CONTENT_SECTION_CARD', alignment: null as unknown as 'LEFT', isFloatingCard: true, hasRoundedCorners: true, isPadded: true }),
    );
    expect(container.firstElementChild).toHaveClass('cs--align-left', 'cs--floating', 'cs--rounded', 'cs--padded');
  });

  it('renders the sanitised custom HTML', () => {
    const { container } = renderSection(aSection({ type: 'CONTENT_SECTION_CUSTOM', title: null, rawHTML: '<div class="checklist"><h3>Before you pay</h3></div>' }));
    expect(container.firstElementChild).toHaveClass('cs--custom');
    expect(screen.getByRole('heading', { level: 3, name: 'Before you pay' })).toBeInTheDocument();
  });

  it('renders a dynamic banner section as a one-slide banner on #213c63', () => {
    const { container } = renderSection(aSection({ type: 'CONTENT_SECTION_DYNAMIC_BANNER', title: 'Big sale' }));
    const banner = container.querySelector('.dyn-banner') as HTMLElement;
    expect(banner.style.background).toBe('rgb(33, 60, 99)');
    expect(screen.getByRole('heading', { name: 'Big sale' })).toBeInTheDocument();
  });

  it('shows Loading... for an unknown type', () => {
    renderSection(aSection({ type: 'CONTENT_SECTION_HOLOGRAM' as Section['type'] }));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('renders its buttons', () => {
    renderSection(aSection({ primaryButtonText: 'How it works', primaryButtonActionType: 'PAGE', primaryButtonLink: '/how-it-works' }));
    expect(screen.getByRole('link', { name: 'How it works' })).toHaveAttribute('href', '/how-it-works');
  });
});
