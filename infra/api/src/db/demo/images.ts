/**
 * Draws every demo picture once and stores it through the image store, exactly as an upload
 * would be stored (checked, re-encoded, content-hashed, with a WebP rendition). Deals share a
 * few pictures per category rather than one each: about 70 images instead of 600 keeps the seed
 * to a few seconds on a small machine.
 */
import type { ImageStore } from '../../plugins/app/images.js';
import { bannerSvg, iconSvg, logoSvg, palette, pictureSvg, render, type Glyph } from './art.js';
import { DEMO_CATEGORIES, DEMO_SETTINGS, DEMO_STORE_NAMES } from './catalog.js';
import { DEAL_PICTURE_VARIANTS } from './deals.js';
import { DEMO_FEATURED_SECTIONS, DEMO_PAGES, DEMO_SCENES, type DemoBannerItem } from './site-content.js';

/** What the seed needs from the image store. */
export type DemoImageStore = Pick<ImageStore, 'save' | 'release'>;

/** Stored file names by image key (`store:3`, `deal:0:2`, `page:/about-us`, …). */
export type DemoImages = ReadonlyMap<string, string>;

export const storeImageKey = (storeIndex: number) => `store:${storeIndex}`;
export const productTypeImageKey = (categoryIndex: number) => `type:${categoryIndex}`;
export const dealImageKey = (categoryIndex: number, variant: number) => `deal:${categoryIndex}:${variant}`;
export const featuredImageKey = (sectionIndex: number) => `featured:${sectionIndex}`;
export const pageBannerKey = (url: string) => `page:${url}`;

interface Job {
  key: string;
  draw(): Promise<Buffer>;
}

const SIZES = {
  logo: { width: 480, height: 144 },
  icon: { width: 256, height: 256 },
  store: { width: 400, height: 200 },
  productType: { width: 500, height: 500 },
  deal: { width: 720, height: 720 },
  featured: { width: 800, height: 400 },
  banner: { width: 1600, height: 500 },
  scene: { width: 960, height: 640 },
} as const;

const BANNER_ITEM_GLYPHS: readonly Glyph[] = ['star', 'blocks', 'bolt'];

function bannerItems(): DemoBannerItem[] {
  return DEMO_PAGES.flatMap((page) => page.components.flatMap((c) => ('banner' in c ? [...c.banner.items] : [])));
}

function jobs(): Job[] {
  const list: Job[] = [
    { key: 'logo', draw: () => render(logoSvg(DEMO_SETTINGS.companyName, { ...SIZES.logo, colors: palette(2) })) },
    { key: 'icon', draw: () => render(iconSvg('DD', { ...SIZES.icon, colors: palette(2) })) },
  ];
  DEMO_STORE_NAMES.forEach((name, i) => {
    list.push({ key: storeImageKey(i), draw: () => render(logoSvg(name, { ...SIZES.store, colors: palette(i), variant: i })) });
  });
  DEMO_CATEGORIES.forEach((category, c) => {
    list.push({
      key: productTypeImageKey(c),
      draw: () => render(pictureSvg(category.glyph, category.name, { ...SIZES.productType, colors: palette(c), variant: c })),
    });
    for (let v = 0; v < DEAL_PICTURE_VARIANTS; v++) {
      list.push({
        key: dealImageKey(c, v),
        // Variants step through the palette so one category's deals do not all share a colour.
        draw: () => render(pictureSvg(category.glyph, null, { ...SIZES.deal, colors: palette(c + v * 3), variant: v })),
      });
    }
  });
  DEMO_FEATURED_SECTIONS.forEach((section, i) => {
    list.push({
      key: featuredImageKey(i),
      draw: () => render(pictureSvg(section.glyph, section.name, { ...SIZES.featured, colors: palette(i * 3 + 1), variant: i })),
    });
  });
  for (const page of DEMO_PAGES) {
    list.push({
      key: pageBannerKey(page.url),
      draw: () =>
        render(bannerSvg(page.title, page.banner.subtitle, page.banner.glyph, { ...SIZES.banner, colors: palette(page.banner.palette), variant: page.banner.palette })),
    });
  }
  bannerItems().forEach((item, i) => {
    list.push({
      key: item.image,
      draw: () =>
        render(bannerSvg(item.title, item.name, BANNER_ITEM_GLYPHS[i % BANNER_ITEM_GLYPHS.length] as Glyph, { ...SIZES.banner, colors: palette(i + 8), variant: i + 1 })),
    });
  });
  for (const [key, scene] of Object.entries(DEMO_SCENES)) {
    list.push({ key, draw: () => render(pictureSvg(scene.glyph, scene.caption, { ...SIZES.scene, colors: palette(scene.palette), variant: scene.palette })) });
  }
  return list;
}

/**
 * Draws and stores every demo image; answers the stored names by key. sharp works on libuv's
 * thread pool, so a few images at a time keep both cores of a small machine busy. If one fails,
 * the ones already stored are released again (nothing refers to them yet).
 */
export async function createDemoImages(store: DemoImageStore, concurrency = 3): Promise<DemoImages> {
  const list = jobs();
  const stored = new Map<string, string>();
  let failure: unknown;
  let next = 0;
  const worker = async () => {
    while (failure === undefined && next < list.length) {
      const job = list[next++] as Job;
      try {
        stored.set(job.key, await store.save(await job.draw()));
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  if (failure !== undefined) {
    await store.release(stored.values());
    throw failure;
  }
  return stored;
}

/** The stored name of a key; a missing key is a bug in the demo content, not a runtime condition. */
export function imageOf(images: DemoImages, key: string): string {
  const name = images.get(key);
  if (!name) throw new Error(`demo image "${key}" was not generated`);
  return name;
}
