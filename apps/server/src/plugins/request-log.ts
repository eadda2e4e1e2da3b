import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, at info, when it has been answered: its method, path, status and
 * time (docs/operations.md, Logs). Fastify's own two lines (one on arrival, one on answer) cost
 * a second write on every request for nothing the answer's line does not say.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        req: { method: request.method, url: request.url, remoteAddress: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
    done();
  });
}
