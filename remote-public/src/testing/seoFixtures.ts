// Test support only: records as the API answers them.
import type { BlogPost, DealDetail, DynamicPage, SiteInfo } from '@deals/contract';
import { EMPTY_SITE_INFO } from './siteInfoFixtures';
import { siteFromInfo } from '../lib/seo/site';

export const PUBLIC_URL = 'https://dealdrop.example';
export const LOGO = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png';
export const IMAGE_1 = '11111111111111111111111111111111.jpg';
export const IMAGE_2 = '22222222222222222222222222222222.webp';
export const BANNER = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.jpg';

export function siteInfo(overrides: Partial<SiteInfo> = {}): SiteInfo {
  return {
    ...EMPTY_SITE_INFO,
    companyLogoPath: LOGO,
    companyName: 'Acme Deals',
    appStoreLink: 'https://apps.apple.com/app/id1',
    facebook: 'https://www.facebook.com/acme',
    instagram: 'https://instagram.com/acme',
    twitter: 'https://x.com/acme',
    youtube: 'https://www.youtube.com/@acme',
    googleMap: 'https://maps.google.com/?q=acme',
    ...overrides,
  };
}

export const site = (overrides: Partial<SiteInfo> = {}) => siteFromInfo(siteInfo(overrides), PUBLIC_URL, '/api');

export function deal(overrides: Partial<DealDetail> = {}): DealDetail {
  return {
    id: 42,
    name: 'Instant Pot Duo 7-in-1',
    filePath: IMAGE_1,
    badgeText: null,
    badgeColor: null,
    likes: 3,
    promoCode: 'SAVE20',
    dealExpiresIn: '2030-06-01T09:30:00.000Z',
    currentPrice: 59.5,
    previousPrice: 99.99,
    link: 'https://www.walmart.com/ip/1',
    discount: 40,
    categoryId: 7,
    category: 'Walmart',
    productType: 'Kitchen, Home',
    productTypes: [
      { productTypeId: 3, name: 'Kitchen' },
      { productTypeId: 4, name: 'Home' },
    ],
    additionalInformation: 'Pressure cooker,\n slow cooker,  rice cooker and more.',
    dealStartsIn: null,
    dateTimeAdded: '2030-05-01T10:00:00.000Z',
    images: [
      { id: 1, filePath: IMAGE_1, isPreviewImage: true },
      { id: 2, filePath: IMAGE_2, isPreviewImage: false },
    ],
    ...overrides,
  };
}

export function dynamicPage(overrides: Partial<DynamicPage> = {}): DynamicPage {
  return {
    id: 5,
    name: 'about',
    title: 'About Us',
    url: '/about-us',
    isBannerVisible: true,
    bannerImageFilePath: BANNER,
    bannerColor: '#000000',
    keywords: 'about, deals',
    description: 'Who we are and how we find deals.',
    isBlog: false,
    addedBy: 'Jane Editor',
    addedOn: '2030-04-02T08:00:00.000Z',
    pageContentSectionBanners: [],
    ...overrides,
  };
}

export function blogPost(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: 9,
    name: 'Best Black Friday deals',
    url: '/blog/black-friday',
    bannerImageFilePath: BANNER,
    description: 'Our picks for Black Friday.',
    addedBy: 'Jane Editor',
    addedOn: '2030-04-02T08:00:00.000Z',
    ...overrides,
  };
}
