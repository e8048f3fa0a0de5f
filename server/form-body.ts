import type { FastifyInstance } from 'fastify';

/**
 * Form posts (application/x-www-form-urlencoded) in the routes of `scope` arrive as
 * URLSearchParams (repeated fields kept), up to `bodyLimit` bytes. One parser for the form routes:
 * the lead forms, the share forms, system/ajax and the admin login.
 */
export function acceptFormBodies(scope: FastifyInstance, bodyLimit: number): void {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_request, body, done) =>
    done(null, new URLSearchParams(body as string)),
  );
}
