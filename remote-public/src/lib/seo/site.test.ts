import { siteFromInfo } from './site';
import { LOGO, PUBLIC_URL, siteInfo } from '../../testing/seoFixtures';

describe('siteFromInfo', () => {
  it('takes the company, logo and social profiles from the site settings', () => {
    const site = siteFromInfo(siteInfo(), `${PUBLIC_URL}/`, '/api');
    expect(site).toEqual({
      publicUrl: PUBLIC_URL,
      companyName: 'Acme Deals',
      logo: { url: `${PUBLIC_URL}/api/Attachments/${LOGO}?w=320`, width: null, height: null },
      sameAs: ['https://www.facebook.com/acme', 'https://instagram.com/acme', 'https://x.com/acme', 'https://www.youtube.com/@acme'],
      attachmentBase: `${PUBLIC_URL}/api/Attachments/`,
    });
  });

  it('falls back to DealDrop and no logo without settings', () => {
    expect(siteFromInfo(null, PUBLIC_URL, '/api')).toEqual({ publicUrl: PUBLIC_URL, companyName: 'DealDrop', logo: null, sameAs: [], attachmentBase: `${PUBLIC_URL}/api/Attachments/` });
    const blank = siteFromInfo(siteInfo({ companyName: '   ', companyLogoPath: ' ' }), PUBLIC_URL, '/api');
    expect(blank.companyName).toBe('DealDrop');
    expect(blank.logo).toBeNull();
  });

  it('uses an absolute API base as it is', () => {
    const site = siteFromInfo(siteInfo(), PUBLIC_URL, 'https://api.dealdrop.example/api/');
    expect(site.attachmentBase).toBe('https://api.dealdrop.example/api/Attachments/');
    expect(site.logo?.url).toBe(`https://api.dealdrop.example/api/Attachments/${LOGO}?w=320`);
  });

  it('puts a relative API base on the public address', () => {
    expect(siteFromInfo(null, PUBLIC_URL, 'api').attachmentBase).toBe(`${PUBLIC_URL}/api/Attachments/`);
    expect(siteFromInfo(null, PUBLIC_URL, '').attachmentBase).toBe(`${PUBLIC_URL}/Attachments/`);
  });

  it('lists only absolute http(s) profile links, once each', () => {
    const site = siteFromInfo(
      siteInfo({
        facebook: 'javascript:alert(1)',
        instagram: '/instagram',
        twitter: ' https://x.com/acme ',
        linkedIn: 'www.linkedin.com/company/acme',
        youtube: 'https://x.com/acme',
        tikTok: 'http://tiktok.com/@acme',
      }),
      PUBLIC_URL,
      '/api',
    );
    expect(site.sameAs).toEqual(['https://x.com/acme', 'http://tiktok.com/@acme']);
  });
});
