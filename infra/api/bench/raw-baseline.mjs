// The reference point, not our API: a raw filtered `ORDER BY price LIMIT 100` through a
// bare Fastify and node-postgres (one store's active deals, cheapest first, rows serialized by
// Fastify's default JSON.stringify). Run by bench/api.mjs next to the real server, on the same
// database, so both are measured under the same machine load.
// Usage: DATABASE_URL=… PORT=… node bench/raw-baseline.mjs
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
app.post('/raw', async () => {
  const result = await pool.query(
    `SELECT id, name, badge_text, badge_color, likes, promo_code, deal_expires_in, current_price, previous_price, link
     FROM products WHERE is_active AND category_id = 3 ORDER BY current_price, id LIMIT 100`,
  );
  return result.rows;
});
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => void app.close().then(() => pool.end()));
