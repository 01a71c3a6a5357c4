/**
 * gzip/brotli for text responses (JSON and the frontends' JS/CSS/HTML), a large win for the
 * public site on slow links. Files a build already compressed (`.br`/`.gz` next to the asset) are
 * served as they are by @fastify/static's `preCompressed` instead.
 */
import compress from '@fastify/compress';
import fp from 'fastify-plugin';

export default fp(
  async (fastify) => {
    await fastify.register(compress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
  },
  { name: 'compress' },
);
