// An affiliate feed as stores send them, for the import benchmark (bench:admin) and by hand:
//   node infra/api/bench/deal-feed.mjs feed.csv 10000 "Store A|Store B" "Electronics|Toys"
// Rows name existing stores and product categories; about 1 in 50 carries a problem the preview
// reports (an unknown store, a price that is not a number), as real feeds do.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const HEADER = 'Product Name,Store,Product Category,Current Price,Previous Price,Promo Code,Link,Starts On,Expires In,Keywords,Badge Text,Image URL';
const NOUNS = ['Wireless Earbuds', 'OLED TV', 'Espresso Machine', 'Running Shoes', 'Gaming Laptop', 'Air Fryer', 'Backpack', 'Smart Watch', 'LEGO Set', 'Desk Lamp'];
const ADJECTIVES = ['Pro', 'Max', 'Lite', 'Ultra', 'Mini', '2-Pack', 'Deluxe', 'Refurbished', 'Bundle', 'Limited Edition'];

export const importDealsPath = '/api/ProductImport/Import?images=false&timeZone=UTC';

/** A small deterministic generator, so two runs import the same feed. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const cell = (value) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export async function writeDealFeed(file, rows, { stores, productTypes }) {
  const next = random(18);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const out = createWriteStream(file);
  const write = async (text) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`${HEADER}\r\n`);
  const day = 86_400_000;
  const now = Date.now();
  for (let i = 0; i < rows; i++) {
    const previous = Math.round((20 + next() * 980) * 100) / 100;
    const current = Math.round(previous * (0.4 + next() * 0.55) * 100) / 100;
    const broken = i % 50 === 49;
    const types = [pick(productTypes), ...(next() < 0.3 ? [pick(productTypes)] : [])];
    await write(
      [
        `${pick(NOUNS)} ${pick(ADJECTIVES)} #${i + 1}`,
        broken && i % 100 === 99 ? 'Store Nobody Knows' : pick(stores),
        [...new Set(types)].join('|'),
        broken && i % 100 !== 99 ? 'call us' : current.toFixed(2),
        previous.toFixed(2),
        next() < 0.4 ? `SAVE${Math.floor(next() * 90) + 10}` : '',
        `https://shop.example/p/${i + 1}?aff=dealdrop`,
        new Date(now - Math.floor(next() * 10) * day).toISOString(),
        new Date(now + (5 + Math.floor(next() * 60)) * day).toISOString(),
        'feed, import',
        next() < 0.1 ? 'Hot' : '',
        `https://cdn.shop.example/img/${i + 1}.jpg`,
      ]
        .map(cell)
        .join(',') + '\r\n',
    );
  }
  out.end();
  await once(out, 'finish');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, rows = '10000', stores = 'Amazon|Best Buy', types = 'Electronics|Toys'] = process.argv.slice(2);
  if (!file) throw new Error('usage: deal-feed.mjs <file.csv> [rows] [stores|…] [categories|…]');
  await writeDealFeed(file, Number(rows), { stores: stores.split('|'), productTypes: types.split('|') });
}
