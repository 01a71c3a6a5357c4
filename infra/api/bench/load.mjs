// Load with a different request each time, which the autocannon CLI cannot send: run by
// bench/clicks.mjs in its own process (so its CPU is not the server's), prints autocannon's JSON.
//   node bench/load.mjs '{"url":"http://127.0.0.1:8080","connections":50,"duration":15,
//     "deals":{"count":100000,"skew":3},"visitors":"people","offset":0,"rate":0}'
// - deals: `/out/{id}` over ids 1…count, id k = 1 + (⌊count·u^skew⌋ · 7919 mod count) for a uniform
//   u: with skew 3 the top 1 % of the deals receive about a fifth of the clicks (spread over the
//   id range by the permutation), with skew 1 every deal equally (the link cache misses most).
// - visitors "people": every request another visitor: its own X-Forwarded-For address (the server
//   trusts loopback as its balancer) and a browser user agent with its own build number, so every
//   click is a new (deal, day, visitor) row. "bots": Googlebot (redirected, never recorded).
// - rate: requests per second over all connections (0: as fast as answered).
// - target (default "out"): "vote" posts "Did this code work?" for the deal instead
//   (`POST /api/DealFeedback/Vote`, a new visitor each time as above); "page" gets the deal's
//   server-rendered page (`/deal/details/{id}`), as a visitor's browser would.
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2]);
const { count, skew } = spec.deals;
let n = spec.offset ?? 0;

function dealId() {
  const k = Math.floor(count * Math.random() ** skew);
  return 1 + ((k * 7919) % count);
}

function headers() {
  if (spec.visitors === 'bots') return { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
  n += 1;
  return {
    'x-forwarded-for': `10.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`,
    'user-agent': `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n % 7000}.${Math.floor(n / 7000)} Safari/537.36`,
    accept: 'text/html,application/xhtml+xml',
  };
}

function setupRequest(request) {
  const id = dealId();
  if (spec.target === 'vote') {
    return { ...request, path: '/api/DealFeedback/Vote', headers: { ...request.headers, ...headers(), 'content-type': 'application/json' }, body: JSON.stringify({ productId: id, worked: n % 4 !== 0 }) };
  }
  if (spec.target === 'page') return { ...request, path: `/deal/details/${id}`, headers: { ...request.headers, ...headers() } };
  return { ...request, path: `/out/${id}`, headers: { ...request.headers, ...headers() } };
}

const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.duration,
  ...(spec.rate ? { overallRate: spec.rate } : {}),
  requests: [{ method: spec.target === 'vote' ? 'POST' : 'GET', setupRequest }],
});
process.stdout.write(JSON.stringify(result));
