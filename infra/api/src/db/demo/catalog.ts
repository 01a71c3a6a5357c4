/** The demo site's company settings, stores and product categories with the products they sell. */
import type { siteAssets } from '../schema.js';
import type { Glyph } from './art.js';

export const DEMO_SETTINGS = {
  id: 1,
  companyName: 'DealDrop',
  emailAddress: 'hello@dealdrop.example',
  phoneNumber: '(415) 555-0134',
  streetAddress1: '500 Market Street',
  streetAddress2: 'Suite 1200',
  city: 'San Francisco',
  state: 'CA',
  zipCode: '94105',
  primaryWeekDayHours: 'Mon–Fri: 9:00 AM – 6:00 PM',
  primaryWeekEndHours: 'Sat: 10:00 AM – 4:00 PM',
  secondaryWeekDayHours: 'Support chat: 8:00 AM – 8:00 PM',
  secondaryWeekEndHours: 'Sun: Closed',
  appStoreLink: 'https://apps.apple.com/app/dealdrop',
  googlePlayStoreLink: 'https://play.google.com/store/apps/details?id=example.dealdrop',
  facebookLink: 'https://www.facebook.com/dealdrop',
  instagramLink: 'https://www.instagram.com/dealdrop',
  twitterLink: 'https://x.com/dealdrop',
  linkedInLink: 'https://www.linkedin.com/company/dealdrop',
  youtubeLink: 'https://www.youtube.com/@dealdrop',
  tiktokLink: 'https://www.tiktok.com/@dealdrop',
  googleMapLink: 'https://maps.google.com/?q=500+Market+Street+San+Francisco+CA',
  seo: 'DealDrop: hand-picked deals and promo codes from the stores you love, updated every day.',
} satisfies typeof siteAssets.$inferInsert;

export const DEMO_STORE_NAMES = [
  'Amazon',
  'Walmart',
  'Target',
  'Best Buy',
  'The Home Depot',
  'Macy’s',
  'Nike',
  'Sephora',
  'Lowe’s',
  'Kohl’s',
  'Wayfair',
  'Newegg',
] as const;
export type DemoStoreName = (typeof DEMO_STORE_NAMES)[number];

/** `https://www.<slug>.example`: "The Home Depot" → thehomedepot, "Macy’s" → macys. */
export const storeSlug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** "Sony WH-1000XM5 Headphones" → "sony-wh-1000xm5-headphones". */
export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A product as the demo sells it: its name, usual (list) price and search keywords. */
export type DemoProduct = readonly [name: string, listPrice: number, keywords: string];

export interface DemoCategory {
  name: string;
  glyph: Glyph;
  /** Stores that plausibly sell it. */
  stores: readonly DemoStoreName[];
  /** A second product type some of its deals also carry. */
  related: string;
  products: readonly DemoProduct[];
}

export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  {
    name: 'Electronics',
    glyph: 'screen',
    stores: ['Best Buy', 'Amazon', 'Newegg', 'Walmart', 'Target'],
    related: 'Home & Kitchen',
    products: [
      ['Sony WH-1000XM5 Wireless Noise Cancelling Headphones', 399.99, 'headphones, noise cancelling, bluetooth, sony'],
      ['Apple AirPods Pro (2nd Generation) with USB-C Case', 249, 'earbuds, airpods, apple, wireless'],
      ['Samsung 65" Class Crystal UHD 4K Smart TV', 579.99, 'tv, 4k, television, samsung, smart tv'],
      ['Anker 737 Power Bank 24,000mAh 140W', 149.99, 'power bank, charger, usb-c, portable battery'],
      ['Logitech MX Master 3S Wireless Performance Mouse', 99.99, 'mouse, wireless, logitech, office'],
      ['Apple iPad 10.9-inch Wi-Fi 64GB', 349, 'tablet, ipad, apple'],
      ['Amazon Echo Dot (5th Gen) Smart Speaker', 49.99, 'smart speaker, alexa, echo, smart home'],
      ['Nintendo Switch OLED Model Console', 349.99, 'gaming, console, nintendo, switch'],
      ['Samsung 990 PRO 2TB NVMe SSD', 189.99, 'ssd, storage, nvme, pc parts'],
      ['JBL Flip 6 Portable Waterproof Bluetooth Speaker', 129.95, 'speaker, bluetooth, waterproof, jbl'],
      ['Google Pixel 8a Unlocked Smartphone 128GB', 499, 'phone, smartphone, android, pixel'],
      ['LG 27" UltraGear QHD 165Hz Gaming Monitor', 299.99, 'monitor, gaming, qhd, lg'],
      ['Ring Battery Video Doorbell', 99.99, 'doorbell, camera, smart home, ring'],
      ['Kindle Paperwhite 16GB E-Reader', 159.99, 'kindle, e-reader, ebook'],
      ['Fitbit Charge 6 Fitness Tracker', 159.95, 'fitness tracker, fitbit, wearable, health'],
    ],
  },
  {
    name: 'Home & Kitchen',
    glyph: 'house',
    stores: ['Wayfair', 'The Home Depot', 'Target', 'Macy’s', 'Amazon', 'Lowe’s'],
    related: 'Groceries',
    products: [
      ['Ninja AF101 4-Quart Air Fryer', 129.99, 'air fryer, kitchen, ninja, appliance'],
      ['Instant Pot Duo 7-in-1 Electric Pressure Cooker, 6 Quart', 99.95, 'pressure cooker, instant pot, slow cooker'],
      ['KitchenAid Artisan 5-Quart Tilt-Head Stand Mixer', 449.99, 'stand mixer, kitchenaid, baking'],
      ['Keurig K-Express Single Serve Coffee Maker', 89.99, 'coffee maker, keurig, k-cup'],
      ['Lodge 12-Inch Pre-Seasoned Cast Iron Skillet', 44.9, 'cast iron, skillet, lodge, cookware'],
      ['Dyson V8 Cordless Stick Vacuum', 469.99, 'vacuum, cordless, dyson, cleaning'],
      ['Shark AI Robot Vacuum with Self-Empty Base', 599.99, 'robot vacuum, shark, cleaning'],
      ['Brooklinen Luxe Core Sheet Set, Queen', 189, 'sheets, bedding, queen, cotton'],
      ['Le Creuset 5.5-Quart Enameled Dutch Oven', 419.95, 'dutch oven, le creuset, cookware'],
      ['Cuisinart 14-Cup Food Processor', 249.99, 'food processor, cuisinart, kitchen'],
      ['Levoit Core 300 True HEPA Air Purifier', 99.99, 'air purifier, hepa, levoit'],
      ['OXO Good Grips 3-Piece Mixing Bowl Set', 34.99, 'mixing bowls, oxo, baking'],
      ['Threshold Performance Bath Towels, Set of 6', 48, 'towels, bath, threshold'],
      ['Vitamix 5200 Professional-Grade Blender', 449.95, 'blender, vitamix, smoothies'],
      ['Rubbermaid Brilliance 22-Piece Food Storage Set', 39.99, 'food storage, containers, rubbermaid'],
    ],
  },
  {
    name: 'Fashion',
    glyph: 'shirt',
    stores: ['Macy’s', 'Kohl’s', 'Nike', 'Target', 'Walmart'],
    related: 'Sports & Outdoors',
    products: [
      ['Levi’s Men’s 501 Original Fit Jeans', 79.5, 'jeans, levis, denim, men'],
      ['Nike Air Force 1 ’07 Sneakers', 115, 'sneakers, nike, shoes, air force 1'],
      ['The North Face Women’s ThermoBall Eco Jacket', 220, 'jacket, north face, women, winter'],
      ['Ray-Ban RB2140 Original Wayfarer Sunglasses', 171, 'sunglasses, ray-ban, wayfarer'],
      ['Calvin Klein Men’s Cotton Stretch Boxer Briefs, 3-Pack', 49.5, 'underwear, calvin klein, men'],
      ['Adidas Women’s Cloudfoam Pure Running Shoes', 75, 'running shoes, adidas, women'],
      ['Columbia Men’s Steens Mountain Fleece Jacket', 60, 'fleece, columbia, jacket, men'],
      ['Michael Kors Jet Set Large Saffiano Leather Tote', 398, 'handbag, tote, michael kors, leather'],
      ['Hanes Men’s ComfortSoft Crew T-Shirts, 6-Pack', 32, 't-shirts, hanes, basics'],
      ['Fossil Gen 6 Hybrid Smartwatch', 229, 'watch, fossil, smartwatch, accessories'],
      ['Champion Women’s Powerblend Fleece Hoodie', 55, 'hoodie, champion, fleece, women'],
      ['UGG Women’s Classic Short II Boots', 180, 'boots, ugg, women, winter'],
      ['Tommy Hilfiger Men’s Classic Fit Polo', 59.5, 'polo, tommy hilfiger, men'],
      ['Dockers Men’s Signature Khaki Pants', 64, 'khakis, dockers, pants, men'],
      ['Converse Chuck Taylor All Star High Top', 65, 'sneakers, converse, chuck taylor'],
    ],
  },
  {
    name: 'Beauty',
    glyph: 'lipstick',
    stores: ['Sephora', 'Macy’s', 'Target', 'Kohl’s', 'Amazon'],
    related: 'Health',
    products: [
      ['Dyson Supersonic Hair Dryer', 429, 'hair dryer, dyson, hair care'],
      ['CeraVe Moisturizing Cream, 19 oz', 19.99, 'moisturizer, cerave, skincare'],
      ['The Ordinary Niacinamide 10% + Zinc 1% Serum', 6.5, 'serum, the ordinary, skincare'],
      ['Olaplex No.3 Hair Perfector', 30, 'hair treatment, olaplex, hair care'],
      ['Fenty Beauty Pro Filt’r Soft Matte Foundation', 40, 'foundation, fenty, makeup'],
      ['Laneige Lip Sleeping Mask', 24, 'lip mask, laneige, skincare'],
      ['Drunk Elephant Protini Polypeptide Cream', 68, 'moisturizer, drunk elephant, skincare'],
      ['Revlon One-Step Volumizer Hair Dryer Brush', 69.99, 'hair dryer brush, revlon, hair care'],
      ['Maybelline Lash Sensational Sky High Mascara', 12.99, 'mascara, maybelline, makeup'],
      ['Philips Norelco Multigroom 7000', 59.99, 'trimmer, philips, grooming, men'],
      ['Charlotte Tilbury Pillow Talk Matte Lipstick', 35, 'lipstick, charlotte tilbury, makeup'],
      ['La Roche-Posay Anthelios SPF 60 Sunscreen', 37.99, 'sunscreen, spf, la roche-posay'],
      ['Glow Recipe Watermelon Glow Niacinamide Dew Drops', 35, 'serum, glow recipe, skincare'],
      ['Urban Decay All Nighter Setting Spray', 36, 'setting spray, urban decay, makeup'],
      ['Foreo Luna 4 Facial Cleansing Device', 279, 'cleansing brush, foreo, skincare'],
    ],
  },
  {
    name: 'Sports & Outdoors',
    glyph: 'ball',
    stores: ['Nike', 'Kohl’s', 'Walmart', 'Amazon', 'Target'],
    related: 'Health',
    products: [
      ['YETI Rambler 20 oz Tumbler with MagSlider Lid', 35, 'tumbler, yeti, drinkware, outdoors'],
      ['Coleman Sundome 4-Person Camping Tent', 89.99, 'tent, camping, coleman'],
      ['Bowflex SelectTech 552 Adjustable Dumbbells', 429, 'dumbbells, bowflex, home gym, weights'],
      ['Hydro Flask 32 oz Wide Mouth Water Bottle', 44.95, 'water bottle, hydro flask, hiking'],
      ['Nike Brasilia Training Duffel Bag', 45, 'duffel, gym bag, nike'],
      ['Manduka PRO Yoga Mat 6mm', 129, 'yoga mat, manduka, yoga'],
      ['Wilson Evolution Indoor Game Basketball', 74.95, 'basketball, wilson, indoor'],
      ['Garmin Forerunner 265 GPS Running Watch', 449.99, 'gps watch, garmin, running'],
      ['Osprey Daylite Plus 20L Daypack', 75, 'backpack, daypack, osprey, hiking'],
      ['Schwinn IC4 Indoor Cycling Bike', 899, 'exercise bike, schwinn, cycling'],
      ['Stanley Adventure Quencher 40 oz Tumbler', 45, 'tumbler, stanley, drinkware'],
      ['Spalding NBA Street Outdoor Basketball', 24.99, 'basketball, spalding, outdoor'],
      ['TheraGun Mini Handheld Massage Gun', 199, 'massage gun, theragun, recovery'],
      ['Nike Dri-FIT Men’s Running Shorts', 40, 'running shorts, nike, dri-fit'],
      ['Igloo 52-Quart Cooler', 54.99, 'cooler, igloo, camping'],
    ],
  },
  {
    name: 'Toys & Games',
    glyph: 'blocks',
    stores: ['Target', 'Walmart', 'Amazon', 'Kohl’s'],
    related: 'Books',
    products: [
      ['LEGO Classic Large Creative Brick Box', 59.99, 'lego, building blocks, kids'],
      ['Monopoly Classic Board Game', 21.99, 'board game, monopoly, family'],
      ['Barbie Dreamhouse Playset', 199.99, 'barbie, dollhouse, kids'],
      ['Hot Wheels 20-Car Gift Pack', 21.99, 'hot wheels, cars, kids'],
      ['Catan Board Game', 54.99, 'board game, catan, strategy'],
      ['Magna-Tiles Clear Colors 100-Piece Set', 119.99, 'magnetic tiles, building, stem'],
      ['Nerf Elite 2.0 Commander Blaster', 19.99, 'nerf, blaster, outdoor toys'],
      ['LEGO Star Wars Millennium Falcon', 169.99, 'lego, star wars, collectible'],
      ['Melissa & Doug Wooden Puzzle Set', 24.99, 'puzzle, wooden, toddler'],
      ['UNO Card Game', 9.99, 'card game, uno, family'],
      ['Crayola Inspiration Art Case, 140 Pieces', 29.99, 'art supplies, crayola, kids'],
      ['Fisher-Price Laugh & Learn Smart Stages Puppy', 24.99, 'baby toy, fisher-price, learning'],
      ['Ravensburger 1000-Piece Jigsaw Puzzle', 19.99, 'jigsaw puzzle, ravensburger'],
      ['Pokémon TCG Scarlet & Violet Elite Trainer Box', 49.99, 'pokemon, trading cards, tcg'],
      ['Razor A5 Lux Kick Scooter', 99.99, 'scooter, razor, kids, outdoor'],
    ],
  },
  {
    name: 'Groceries',
    glyph: 'basket',
    stores: ['Walmart', 'Target', 'Amazon'],
    related: 'Home & Kitchen',
    products: [
      ['Starbucks Pike Place Roast Ground Coffee, 28 oz', 19.99, 'coffee, starbucks, ground coffee'],
      ['KIND Bars Dark Chocolate Nuts & Sea Salt, 12 Count', 17.49, 'snacks, kind bars, healthy'],
      ['Planters Deluxe Mixed Nuts, 34 oz', 18.99, 'nuts, snacks, mixed nuts, planters'],
      ['Quaker Old Fashioned Oats, 42 oz', 6.49, 'oats, oatmeal, breakfast'],
      ['LaCroix Sparkling Water Variety Pack, 24 Cans', 11.99, 'sparkling water, lacroix, drinks'],
      ['Barilla Spaghetti Pasta, 8-Pack', 11.92, 'pasta, barilla, pantry'],
      ['Nature Valley Crunchy Granola Bars, 49 Count', 13.99, 'granola bars, snacks, nature valley'],
      ['Tide PODS Laundry Detergent, 81 Count', 26.99, 'laundry, tide, detergent, household'],
      ['Bounty Select-A-Size Paper Towels, 12 Rolls', 31.99, 'paper towels, bounty, household'],
      ['Nespresso Vertuo Variety Pack, 30 Capsules', 39, 'coffee pods, nespresso, coffee'],
      ['Cheerios Heart Healthy Cereal, Family Size', 5.79, 'cereal, cheerios, breakfast'],
      ['Lipton Yellow Label Tea Bags, 100 Count', 7.49, 'tea, lipton, drinks'],
      ['Goldfish Cheddar Crackers, 30-Pack', 15.99, 'crackers, goldfish, snacks, kids'],
      ['Olive Garden Signature Italian Dressing, 2-Pack', 8.98, 'dressing, pantry, salad'],
      ['Smucker’s Natural Peanut Butter, 26 oz', 6.29, 'peanut butter, pantry, smuckers'],
    ],
  },
  {
    name: 'Health',
    glyph: 'heart',
    stores: ['Walmart', 'Target', 'Amazon'],
    related: 'Beauty',
    products: [
      ['Oral-B iO Series 5 Electric Toothbrush', 99.99, 'toothbrush, oral-b, electric, dental'],
      ['Omron Platinum Blood Pressure Monitor', 89.99, 'blood pressure monitor, omron, health'],
      ['Nature Made Vitamin D3 2000 IU, 220 Softgels', 15.99, 'vitamins, vitamin d, supplements'],
      ['Waterpik Aquarius Water Flosser', 79.99, 'water flosser, waterpik, dental'],
      ['Optimum Nutrition Gold Standard Whey, 5 lb', 84.99, 'protein powder, whey, fitness'],
      ['Braun ThermoScan 7 Ear Thermometer', 59.99, 'thermometer, braun, health'],
      ['Philips Sonicare ProtectiveClean 4100', 49.96, 'toothbrush, sonicare, electric, dental'],
      ['Vital Proteins Collagen Peptides, 20 oz', 47, 'collagen, supplements, vital proteins'],
      ['Hyperice Hypervolt Go 2 Massage Gun', 159, 'massage gun, hyperice, recovery'],
      ['Withings Body+ Smart Scale', 99.95, 'smart scale, withings, fitness'],
      ['Centrum Adult Multivitamin, 200 Tablets', 17.99, 'multivitamin, centrum, supplements'],
      ['Zyrtec 24HR Allergy Relief, 90 Tablets', 43.99, 'allergy, zyrtec, medicine'],
      ['Theraband Resistance Bands Set', 24.99, 'resistance bands, fitness, physical therapy'],
      ['Hatch Restore 2 Sunrise Alarm Clock', 169.99, 'sleep, sunrise alarm, hatch'],
      ['Band-Aid Flexible Fabric Bandages, 100 Count', 9.99, 'first aid, bandages, band-aid'],
    ],
  },
  {
    name: 'Automotive',
    glyph: 'car',
    stores: ['Walmart', 'Amazon', 'The Home Depot', 'Lowe’s'],
    related: 'Electronics',
    products: [
      ['NOCO Boost Plus GB40 1000A Jump Starter', 99.95, 'jump starter, noco, battery, car'],
      ['Garmin Dash Cam 67W', 229.99, 'dash cam, garmin, car camera'],
      ['Armor All Complete Car Care Kit', 24.99, 'car care, cleaning, armor all'],
      ['Chemical Guys Car Wash Foam Kit', 59.99, 'car wash, chemical guys, detailing'],
      ['Michelin Digital Tire Pressure Gauge', 14.99, 'tire gauge, michelin, tires'],
      ['WeatherTech FloorLiner Front Set', 139.95, 'floor mats, weathertech, interior'],
      ['Rain-X Latitude Wiper Blades, 2-Pack', 39.98, 'wiper blades, rain-x, windshield'],
      ['EPAUTO 12V DC Portable Air Compressor', 32.99, 'tire inflator, air compressor, tires'],
      ['Anker Roav 4-Port Car Charger', 25.99, 'car charger, usb, anker'],
      ['Mobil 1 Extended Performance 5W-30 Motor Oil, 5 qt', 36.48, 'motor oil, mobil 1, maintenance'],
      ['Meguiar’s Ultimate Liquid Wax', 29.99, 'car wax, meguiars, detailing'],
      ['Thule Force XT Rooftop Cargo Box', 749.95, 'cargo box, thule, roof rack'],
      ['iOttie Easy One Touch 5 Phone Mount', 29.95, 'phone mount, iottie, car accessories'],
      ['DeWalt 20V MAX Cordless Tire Inflator', 139, 'tire inflator, dewalt, cordless'],
      ['Bissell AeroSlim Handheld Car Vacuum', 49.99, 'car vacuum, bissell, cleaning'],
    ],
  },
  {
    name: 'Books',
    glyph: 'book',
    stores: ['Amazon', 'Target', 'Walmart'],
    related: 'Toys & Games',
    products: [
      ['Atomic Habits by James Clear (Hardcover)', 27, 'book, self-help, habits, bestseller'],
      ['The Women by Kristin Hannah (Hardcover)', 30, 'book, fiction, historical fiction'],
      ['Fourth Wing by Rebecca Yarros (Paperback)', 19.99, 'book, fantasy, romantasy'],
      ['The Very Hungry Caterpillar Board Book', 11.99, 'book, kids, picture book'],
      ['Lessons in Chemistry by Bonnie Garmus (Paperback)', 18, 'book, fiction, bestseller'],
      ['Dune by Frank Herbert (Deluxe Edition)', 35, 'book, science fiction, classic'],
      ['Harry Potter Paperback Box Set (Books 1–7)', 69.99, 'book, harry potter, box set, kids'],
      ['The Psychology of Money by Morgan Housel', 19.99, 'book, finance, personal finance'],
      ['Salt, Fat, Acid, Heat by Samin Nosrat', 40, 'book, cookbook, cooking'],
      ['Dog Man: The Scarlet Shedder by Dav Pilkey', 14.99, 'book, kids, graphic novel'],
      ['Tomorrow, and Tomorrow, and Tomorrow by Gabrielle Zevin', 28, 'book, fiction, literary'],
      ['The Anxious Generation by Jonathan Haidt', 30, 'book, nonfiction, psychology'],
      ['Project Hail Mary by Andy Weir (Paperback)', 18, 'book, science fiction, bestseller'],
      ['National Parks of America (Lonely Planet)', 40, 'book, travel, national parks'],
      ['The Complete Cookbook for Young Chefs', 19.99, 'book, cookbook, kids'],
    ],
  },
];

/** Badges some deals carry, with their colours. */
export const DEMO_BADGES: readonly { text: string; color: string }[] = [
  { text: 'Hot Deal', color: '#e03131' },
  { text: 'Lowest Price', color: '#2f9e44' },
  { text: 'Limited Time', color: '#f08c00' },
  { text: 'Best Seller', color: '#1971c2' },
  { text: 'Clearance', color: '#9c36b5' },
  { text: 'Editor’s Pick', color: '#0c8599' },
  { text: 'Price Drop', color: '#c2255c' },
];

export const DEMO_PROMO_PREFIXES = ['SAVE', 'DEAL', 'EXTRA', 'TAKE', 'SPRING', 'WEEKEND', 'FLASH', 'APP'] as const;

export const DEMO_NOTES = [
  'Free shipping on orders over $35.',
  'Price drops in the cart. Limit 2 per customer.',
  'Free store pickup available at most locations.',
  'Members get an extra 5% back in rewards.',
  'Discount applies to select colours and sizes only.',
  'While supplies last. Online only.',
  'Stack with the promo code at checkout for the best price.',
  'Ships in 1–2 business days. Free returns within 30 days.',
] as const;
