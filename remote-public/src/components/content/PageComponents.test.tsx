import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { RenderedComponent } from '@deals/contract';
import { PageComponents } from './PageComponents';
import { aBanner, anItem, aSection, bannerComponent, sectionComponent } from '../../testing/contentFixtures';

const renderComponents = (components: RenderedComponent[], hideDynamicBanners?: boolean) =>
  render(
    <MemoryRouter>
      <PageComponents components={components} hideDynamicBanners={hideDynamicBanners} />
    </MemoryRouter>,
  );

describe('PageComponents', () => {
  const components = [
    sectionComponent(1, aSection({ id: 1, type: 'CONTENT_SECTION_TEXTONLY', isTextOnly: true, title: 'First', imagePath: null })),
    bannerComponent(
      2,
      aBanner([
        anItem({ id: 12, title: 'Second slide', sortOrder: 2, imagePath: 'b.png', primaryButtonText: 'See the stores', primaryButtonActionType: 'PAGE', primaryButtonLink: '/stores' }),
        anItem({ id: 11, title: 'First slide', sortOrder: 1, imagePath: 'a.png' }),
      ]),
    ),
    sectionComponent(3, aSection({ id: 3, type: 'CONTENT_SECTION_DYNAMIC_BANNER', title: 'Dynamic' })),
    sectionComponent(4, aSection({ id: 4, type: 'CONTENT_SECTION_REVERSED', title: 'Last', imagePath: 'c.png' })),
  ];

  it('renders sections and banners in page order, banner items in their sort order', () => {
    renderComponents(components);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['First', 'First slide', 'Second slide', 'Dynamic', 'Last']);
    const banner = screen.getByRole('region', { name: 'Highlights' });
    expect(within(banner).getByRole('link', { name: 'See the stores' })).toHaveAttribute('href', '/stores');
    expect(within(banner).getAllByRole('group')).toHaveLength(2);
  });

  it('loads only the first picture eagerly', () => {
    const { container } = renderComponents(components);
    const images = [...container.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy']);
    expect(images[0]?.getAttribute('src')).toContain('a.png');
  });

  it('hides dynamic banner sections when asked (the home page)', () => {
    renderComponents(components, true);
    expect(screen.queryByRole('heading', { name: 'Dynamic' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Last' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'First slide' })).toBeInTheDocument();
  });

  it('skips banners without items and components without their record', () => {
    renderComponents([bannerComponent(1, aBanner([])), { ...sectionComponent(2, aSection()), contentSection: null }]);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('region')).toBeNull();
  });
});
