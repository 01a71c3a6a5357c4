/**
 * The demo site's editorial content: featured sections, three pages and three blogs built from
 * content sections and one dynamic banner, the menu and the footer. Images are named by key
 * (see images.ts); rich text keeps to plain tags (p, strong, ul/li, https links) and is passed
 * through the same sanitiser as the editor's saves anyway.
 */
import { HOW_WE_VERIFY_PATH, type ButtonActionType, type ContentSectionType } from '@deals/contract';
import type { Glyph } from './art.js';
import { isLive, type DemoDeal } from './deals.js';

// ---------------------------------------------------------------------------------------------
// Featured sections
// ---------------------------------------------------------------------------------------------

export interface DemoFeaturedSection {
  name: string;
  glyph: Glyph;
  /** Indexes of the deals it shows, in order (8–16 live deals). */
  pick(deals: readonly DemoDeal[], categoryIndex: (name: string) => number): number[];
}

const liveIndexes = (deals: readonly DemoDeal[], keep: (deal: DemoDeal) => boolean) =>
  deals.flatMap((deal, index) => (isLive(deal) && keep(deal) ? [index] : []));
const discountOf = (deal: DemoDeal) => (deal.previousPrice > 0 ? (deal.previousPrice - deal.currentPrice) / deal.previousPrice : 0);
const by = (deals: readonly DemoDeal[], score: (deal: DemoDeal) => number) => (a: number, b: number) =>
  score(deals[b] as DemoDeal) - score(deals[a] as DemoDeal) || a - b;

export const DEMO_FEATURED_SECTIONS: readonly DemoFeaturedSection[] = [
  {
    name: 'Today’s Top Deals',
    glyph: 'bolt',
    pick: (deals) => liveIndexes(deals, () => true).sort(by(deals, discountOf)).slice(0, 12),
  },
  {
    name: 'Tech Steals',
    glyph: 'screen',
    pick: (deals, categoryIndex) =>
      liveIndexes(deals, (d) => d.categoryIndexes[0] === categoryIndex('Electronics'))
        .sort(by(deals, (d) => d.likes))
        .slice(0, 10),
  },
  {
    name: 'Home Refresh',
    glyph: 'house',
    pick: (deals, categoryIndex) =>
      liveIndexes(deals, (d) => d.categoryIndexes[0] === categoryIndex('Home & Kitchen'))
        .sort(by(deals, (d) => d.likes))
        .slice(0, 10),
  },
  {
    name: 'Under $25',
    glyph: 'tag',
    pick: (deals) =>
      liveIndexes(deals, (d) => d.currentPrice < 25)
        .sort(by(deals, (d) => d.likes))
        .slice(0, 14),
  },
];

// ---------------------------------------------------------------------------------------------
// Pages and blogs
// ---------------------------------------------------------------------------------------------

type Button = readonly [text: string, type: ButtonActionType, link: string];

export interface DemoSection {
  name: string;
  type: ContentSectionType;
  title: string | null;
  description: string | null;
  /** Image key (images.ts); text-only and custom sections have none. */
  image?: string;
  /** For types whose alignment is not locked. */
  alignment?: 'LEFT' | 'CENTER' | 'RIGHT';
  hasRoundedCorners?: boolean;
  primary?: Button;
  secondary?: Button;
  rawHtml?: string;
}

export interface DemoBannerItem {
  name: string;
  title: string;
  description: string;
  image: string;
  alignment: 'LEFT' | 'CENTER' | 'RIGHT';
  primary?: Button;
  secondary?: Button;
}

export interface DemoBanner {
  name: string;
  items: readonly DemoBannerItem[];
}

export type DemoComponent = { section: DemoSection } | { banner: DemoBanner };

export interface DemoPage {
  isBlog: boolean;
  name: string;
  title: string;
  url: string;
  bannerColor: string;
  /** The page-banner picture: its title and subtitle, glyph and palette. */
  banner: { subtitle: string; glyph: Glyph; palette: number };
  keywords: string;
  description: string;
  /** Days before the seed it was written (blogs list their dates). */
  addedDaysAgo: number;
  components: readonly DemoComponent[];
}

/** Pictures the pages use besides their banners: key → what to draw. */
export const DEMO_SCENES: Record<string, { caption: string; glyph: Glyph; palette: number }> = {
  'scene:team': { caption: 'Real people, real savings', glyph: 'star', palette: 4 },
  'scene:checks': { caption: 'Every code tested', glyph: 'tag', palette: 3 },
  'scene:app': { caption: 'Deals in your pocket', glyph: 'bolt', palette: 2 },
  'scene:savings': { caption: 'Stack and save', glyph: 'percent', palette: 11 },
  'scene:calendar': { caption: 'Timing is everything', glyph: 'star', palette: 7 },
  'scene:link-checks': { caption: 'Every link, every day', glyph: 'bolt', palette: 10 },
};

export const DEMO_PAGES: readonly DemoPage[] = [
  {
    isBlog: false,
    name: 'About Us',
    title: 'About DealDrop',
    url: '/about-us',
    bannerColor: '#213c63',
    banner: { subtitle: 'Hand-picked deals from the stores you love', glyph: 'star', palette: 2 },
    keywords: 'about dealdrop, deals team, promo codes, coupons',
    description: 'Who we are, how we find and check every deal, and what we promise our readers.',
    addedDaysAgo: 90,
    components: [
      {
        banner: {
          name: 'About Us Highlights',
          items: [
            {
              name: 'Deals checked daily',
              title: 'Every deal checked by a person',
              description: '<p>Our editors test <strong>every promo code</strong> before it goes live, and again before it expires.</p>',
              image: 'bannerItem:0',
              alignment: 'LEFT',
              primary: ['Browse deals', 'PAGE', '/deals'],
            },
            {
              name: 'Twelve favourite stores',
              title: 'Twelve stores, one place',
              description: '<p>From electronics to groceries: the best prices of the stores you already shop at, side by side.</p>',
              image: 'bannerItem:1',
              alignment: 'CENTER',
              primary: ['See the stores', 'PAGE', '/stores'],
            },
            {
              name: 'Get the app',
              title: 'Never miss a price drop',
              description: '<p>Turn on notifications in the DealDrop app and hear about the hottest deals first.</p>',
              image: 'bannerItem:2',
              alignment: 'RIGHT',
              primary: ['App Store', 'LINK_NEW_TAB', 'https://apps.apple.com/app/dealdrop'],
              secondary: ['Google Play', 'LINK_NEW_TAB', 'https://play.google.com/store/apps/details?id=example.dealdrop'],
            },
          ],
        },
      },
      {
        section: {
          name: 'About Us – Who we are',
          type: 'CONTENT_SECTION_DEFAULT',
          title: 'A small team obsessed with good prices',
          description:
            '<p>DealDrop started in 2019 as a group chat between friends who could not stop sharing bargains. Today a team of <strong>eight editors</strong> in San Francisco scans thousands of offers every morning so you only see the ones worth your time.</p><p>We are independent: stores never pay to be featured, and a deal only makes the list when it is a genuinely good price.</p>',
          image: 'scene:team',
          primary: ['How it works', 'PAGE', '/how-it-works'],
        },
      },
      {
        section: {
          name: 'About Us – How we pick deals',
          type: 'CONTENT_SECTION_REVERSED',
          title: 'How we pick a deal',
          description:
            '<ul><li>We compare the price with its <strong>90-day history</strong>, not with an inflated list price.</li><li>We test the promo code at checkout.</li><li>We remove a deal the moment it sells out or expires.</li></ul>',
          image: 'scene:checks',
        },
      },
      {
        section: {
          name: 'About Us – Privacy and terms',
          type: 'CONTENT_SECTION_TEXTONLY',
          title: 'Privacy and terms, in plain words',
          description:
            '<p><strong>Privacy:</strong> we only keep your email address if you sign up to our newsletter, we never sell it, and every email has an unsubscribe link.</p><p><strong>Terms:</strong> prices and codes are set by the stores and can change at any time; always check the final price at checkout. Some links earn us a small commission, which never changes your price.</p>',
          alignment: 'LEFT',
          primary: ['Email us', 'EMAIL', 'hello@dealdrop.example'],
          secondary: ['Call us', 'PHONENUMBER', '(415) 555-0134'],
        },
      },
    ],
  },
  {
    isBlog: false,
    name: 'How It Works',
    title: 'How DealDrop Works',
    url: '/how-it-works',
    bannerColor: '#0b5345',
    banner: { subtitle: 'Find it, copy the code, save at checkout', glyph: 'percent', palette: 3 },
    keywords: 'how it works, promo codes, coupons, save money',
    description: 'Three steps from finding a deal to saving at the store’s checkout.',
    addedDaysAgo: 88,
    components: [
      {
        section: {
          name: 'How It Works – Find',
          type: 'CONTENT_SECTION_FULLWIDTH',
          title: '1. Find a deal',
          description:
            '<p>Search by keyword, or filter by store, category and price. Sort by the <strong>biggest discount</strong> to see the steepest price cuts first.</p>',
          image: 'scene:savings',
          alignment: 'CENTER',
          primary: ['Start searching', 'PAGE', '/deals'],
        },
      },
      {
        section: {
          name: 'How It Works – Copy the code',
          type: 'CONTENT_SECTION_CARD',
          title: '2. Copy the promo code',
          description: '<p>Deals with a code show it on the card: one tap copies it, ready to paste at checkout.</p>',
          image: 'scene:checks',
          alignment: 'LEFT',
          hasRoundedCorners: true,
        },
      },
      {
        section: {
          name: 'How It Works – Check out',
          type: 'CONTENT_SECTION_FULLWIDTH_PADDED',
          title: '3. Check out at the store',
          description:
            '<p>The <strong>Get Deal</strong> button takes you straight to the product on the store’s site. Paste the code and watch the price drop.</p>',
          image: 'scene:team',
          alignment: 'LEFT',
        },
      },
      {
        section: {
          name: 'How It Works – Get the app',
          type: 'CONTENT_SECTION_BANNER',
          title: 'Get deals the moment they drop',
          description: null,
          image: 'scene:app',
          alignment: 'CENTER',
          primary: ['App Store', 'LINK_NEW_TAB', 'https://apps.apple.com/app/dealdrop'],
          secondary: ['Google Play', 'LINK_NEW_TAB', 'https://play.google.com/store/apps/details?id=example.dealdrop'],
        },
      },
    ],
  },
  {
    isBlog: false,
    name: 'How We Verify Codes',
    title: 'How We Verify Codes',
    url: HOW_WE_VERIFY_PATH,
    bannerColor: '#1b3d2f',
    banner: { subtitle: 'What “Verified” and “82% success” on a deal mean', glyph: 'tag', palette: 10 },
    keywords: 'verified promo codes, coupon success rate, working promo codes, how we check deals',
    description: 'Visitor answers, visitor reports, daily link checks and our team: how we keep the codes on DealDrop working, and what the labels on a deal mean.',
    addedDaysAgo: 30,
    components: [
      {
        section: {
          name: 'How We Verify Codes – Introduction',
          type: 'CONTENT_SECTION_TEXTONLY',
          title: 'Codes you can trust, and how we know',
          description:
            '<p>A promo code that fails at checkout wastes your time. Stores change and end codes without telling anyone, so we do not rely on one check when a deal is posted: four things together tell us whether a deal still works.</p><ul><li>What visitors tell us after copying a code</li><li>Problems visitors report</li><li>An automatic check of every live deal’s link, every day</li><li>Our team, who follow up on everything those three turn up</li></ul>',
          alignment: 'LEFT',
        },
      },
      {
        section: {
          name: 'How We Verify Codes – Did this code work?',
          type: 'CONTENT_SECTION_DEFAULT',
          title: '“Did this code work?”',
          description:
            '<p>When you copy a code we ask whether it worked, with a <strong>Yes</strong> and a <strong>No</strong>. Answering is optional and anonymous:</p><ul><li>We count <strong>one answer per visitor, per deal, per day</strong>, so nobody can vote a deal up or down by clicking again.</li><li>We store <strong>no personal data</strong> with an answer: no name, no email address, no account.</li><li>Answers from bots are not counted.</li></ul><p>A deal shows its <strong>success rate</strong>, such as “82% success · last worked 3 h ago”, only once enough visitors have answered in the <strong>last 30 days</strong>. Older answers no longer count, because a code that worked last season says little about today. “Last worked” is the most recent Yes.</p>',
          image: 'scene:checks',
        },
      },
      {
        section: {
          name: 'How We Verify Codes – Reports',
          type: 'CONTENT_SECTION_TEXTONLY',
          title: 'Reports from visitors',
          description:
            '<p>The <strong>Report Issue</strong> button on every deal lets you tell us in one click that a code did not work, the deal has expired, the price is wrong or the link is broken. Reports are anonymous too, and you can still email us when there is more to say.</p>',
          alignment: 'LEFT',
        },
      },
      {
        section: {
          name: 'How We Verify Codes – Daily link checks',
          type: 'CONTENT_SECTION_REVERSED',
          title: 'An automatic check of every link, every day',
          description:
            '<p>Every day we follow the link of every live deal to the store and look for what goes wrong most often:</p><ul><li><strong>Dead links:</strong> the page is gone, or the store does not answer.</li><li><strong>Pages that say the offer is gone:</strong> “no longer available”, “this deal has expired” and the like, in several languages.</li><li><strong>Redirects to the store’s home page</strong> instead of the product.</li><li><strong>Lost affiliate tags:</strong> the tag in the link that tells the store we sent you disappears on the way. It never changes your price, but it is how DealDrop is paid for.</li></ul><p>A link check cannot tell whether a code is accepted at checkout; that is what your answers and our team are for.</p>',
          image: 'scene:link-checks',
        },
      },
      {
        section: {
          name: 'How We Verify Codes – Needs attention',
          type: 'CONTENT_SECTION_TEXTONLY',
          title: 'Our team’s “Needs attention” list',
          description:
            '<p>Every deal with a failed link check, a low success rate, visitor reports, or an end date within the next 48 hours lands on a <strong>Needs attention</strong> list that our editors work through. For each deal they check the code and the store’s page themselves, and then:</p><ul><li>mark it <strong>Verified</strong> when the code works,</li><li>fix what is wrong, such as the price or the link,</li><li>or <strong>switch the deal off</strong>, so it disappears from the site.</li></ul>',
          alignment: 'LEFT',
        },
      },
      {
        section: {
          name: 'How We Verify Codes – What Verified means',
          type: 'CONTENT_SECTION_TEXTONLY',
          title: 'What “Verified” means',
          description:
            '<p><strong>Verified today</strong>, <strong>Verified yesterday</strong> or <strong>Verified Nov 3, 2026</strong> means a person on our team confirmed that the code worked on that date. It is not a promise that it still works now: stores can end a code at any time. That is why we show the date rather than a plain tick, next to what visitors said since.</p><p>When a deal stops working we switch it off instead of leaving it up. If you find one we missed, please report it: it helps the next shopper.</p>',
          alignment: 'LEFT',
          primary: ['Browse deals', 'PAGE', '/deals'],
        },
      },
    ],
  },
  {
    isBlog: true,
    name: 'How to Stack Promo Codes Like a Pro',
    title: 'How to Stack Promo Codes Like a Pro',
    url: '/blog/how-to-stack-promo-codes',
    bannerColor: '#6f1d5c',
    banner: { subtitle: 'Five habits of people who never pay full price', glyph: 'tag', palette: 5 },
    keywords: 'promo codes, coupon stacking, savings tips',
    description: 'Sale price, promo code, cash back and rewards: how to combine them without breaking the rules.',
    addedDaysAgo: 12,
    components: [
      {
        section: {
          name: 'Stacking – Introduction',
          type: 'CONTENT_SECTION_TEXTONLY',
          title: 'Why stacking works',
          description:
            '<p>Stores expect most shoppers to use <strong>one</strong> discount. The few who combine a sale price with a code and a reward programme routinely save an extra 10–25%.</p>',
          alignment: 'LEFT',
        },
      },
      {
        section: {
          name: 'Stacking – The five habits',
          type: 'CONTENT_SECTION_DEFAULT',
          title: 'The five habits',
          description:
            '<ul><li>Start from a price that is already reduced.</li><li>Add a store-wide promo code at checkout.</li><li>Pay with a card that earns rewards at that store.</li><li>Join the store’s free membership for extra points.</li><li>Set a price alert in case it drops again within the return window.</li></ul>',
          image: 'scene:savings',
        },
      },
      {
        section: {
          name: 'Stacking – Checklist',
          type: 'CONTENT_SECTION_CUSTOM',
          title: null,
          description: null,
          rawHtml:
            '<div class="checklist"><h3>Before you pay</h3><ul><li>Is the code still valid today?</li><li>Does the code exclude sale items?</li><li>Is shipping free above a threshold?</li></ul><p>Read the full rules on the <a href="https://www.dealdrop.example/help" target="_blank" rel="noopener noreferrer">help centre</a>.</p></div>',
        },
      },
    ],
  },
  {
    isBlog: true,
    name: 'The Best Time of Year to Buy Electronics',
    title: 'The Best Time of Year to Buy Electronics',
    url: '/blog/best-time-to-buy-electronics',
    bannerColor: '#0d3b66',
    banner: { subtitle: 'A month-by-month guide to tech prices', glyph: 'screen', palette: 2 },
    keywords: 'electronics deals, tv deals, laptop deals, when to buy',
    description: 'TVs in January, laptops in August, headphones in November: when tech prices really fall.',
    addedDaysAgo: 6,
    components: [
      {
        section: {
          name: 'Electronics – Introduction',
          type: 'CONTENT_SECTION_TEXTONLY',
          title: 'Prices follow the calendar',
          description:
            '<p>Electronics follow a predictable cycle: new models launch, old ones are cleared out, and the big sale events pull everything down at once.</p>',
          alignment: 'LEFT',
        },
      },
      {
        section: {
          name: 'Electronics – Month by month',
          type: 'CONTENT_SECTION_REVERSED',
          title: 'Month by month',
          description:
            '<ul><li><strong>January:</strong> TVs, before the new models arrive in spring.</li><li><strong>July:</strong> mid-year sale events on smart-home gadgets.</li><li><strong>August:</strong> laptops and tablets for back to school.</li><li><strong>November:</strong> headphones, consoles and almost everything else.</li></ul>',
          image: 'scene:calendar',
        },
      },
      {
        section: {
          name: 'Electronics – Tech Steals',
          type: 'CONTENT_SECTION_CARD',
          title: 'Our current Tech Steals',
          description: '<p>The electronics deals our readers like most this week, all checked today.</p>',
          image: 'deal:0:1',
          alignment: 'CENTER',
          hasRoundedCorners: true,
          primary: ['See Tech Steals', 'PAGE', '/deals'],
        },
      },
    ],
  },
  {
    isBlog: true,
    name: '10 Kitchen Upgrades Under $50',
    title: '10 Kitchen Upgrades Under $50',
    url: '/blog/kitchen-upgrades-under-50',
    bannerColor: '#8e2a5c',
    banner: { subtitle: 'Small buys that make a big difference', glyph: 'house', palette: 0 },
    keywords: 'kitchen, home, cookware, gifts under 50',
    description: 'A cast-iron skillet, better storage and nine more affordable upgrades our editors use every day.',
    addedDaysAgo: 2,
    components: [
      {
        section: {
          name: 'Kitchen – Introduction',
          type: 'CONTENT_SECTION_FULLWIDTH',
          title: 'Better cooking does not have to be expensive',
          description:
            '<p>We asked our editors which kitchen buys under $50 they reach for every day. A <strong>cast-iron skillet</strong> topped every list.</p>',
          image: 'deal:1:2',
          alignment: 'LEFT',
        },
      },
      {
        section: {
          name: 'Kitchen – The list',
          type: 'CONTENT_SECTION_TEXTONLY',
          title: 'The list',
          description:
            '<ul><li>A 12-inch cast-iron skillet</li><li>Nesting mixing bowls</li><li>Glass food-storage containers</li><li>A digital kitchen scale</li><li>A bench scraper</li></ul><p>Prices change daily: see the current offers on our <a href="https://www.dealdrop.example/deals">deals page</a>.</p>',
          alignment: 'LEFT',
        },
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Menu and footer
// ---------------------------------------------------------------------------------------------

export interface DemoMenuItem {
  name: string;
  /** Url of a demo page or blog it opens. */
  pageUrl?: string;
  customLink?: string;
  openInNewTab?: boolean;
  children?: readonly DemoMenuItem[];
}

export const DEMO_MENU: readonly DemoMenuItem[] = [
  { name: 'Deals', customLink: '/deals' },
  { name: 'Stores', customLink: '/stores' },
  {
    name: 'Guides',
    children: [
      { name: 'How It Works', pageUrl: '/how-it-works' },
      { name: 'Stacking Promo Codes', pageUrl: '/blog/how-to-stack-promo-codes' },
    ],
  },
  { name: 'Blog', customLink: '/blogs-and-reviews' },
  { name: 'About', pageUrl: '/about-us' },
  { name: 'Help', customLink: 'https://help.dealdrop.example', openInNewTab: true },
];

export const DEMO_FOOTER: readonly { label: string; to: string }[] = [
  { label: 'About Us', to: '/about-us' },
  { label: 'How It Works', to: '/how-it-works' },
  { label: 'How we verify codes', to: HOW_WE_VERIFY_PATH },
  { label: 'Privacy Policy', to: '/about-us#privacy' },
  { label: 'Terms of Use', to: '/about-us#terms' },
  { label: 'Contact Us', to: 'mailto:hello@dealdrop.example' },
];
