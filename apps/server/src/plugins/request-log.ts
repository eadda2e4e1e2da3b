import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, at info, when it has been answered: its method, path, status and
 * time (docs/operations.md, Logs). Fastify's own two lines (one on arrival, one on answer) cost
 * a second write on every request for nothing the answer's line does not say.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    // Fastify's serializers turn the request and the reply into its usual fields (method, url,
    // host, remoteAddress, remotePort; statusCode): given a copy, they would lose the address
    request.log.info(
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
    done();
  });
}
