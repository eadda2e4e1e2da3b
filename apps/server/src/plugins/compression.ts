import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers go as they are: compressing them costs more than the bytes it saves. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers for clients that accept it: JSON lists, CSV exports, the app page.
 * Built web files are compressed once at build time and served as they are (ADR 015); the
 * plugin leaves any answer that already has a Content-Encoding alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    // brotli at the plugin's quality 4 costs about what gzip does and saves more
    encodings: ['br', 'gzip'],
  });
}
