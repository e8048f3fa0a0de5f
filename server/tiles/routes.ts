/**
 * The demo tile server behind the site's maps while settings.site.map_tile_url is empty:
 *
 *   GET /tiles/{z}/{x}/{y}.svg → 200 image/svg+xml, cached for a year (immutable)
 *
 * z is 0–18 and x, y are whole numbers inside the zoom's grid; anything else answers 400.
 */
import type { FastifyInstance } from 'fastify';
import { drawTile, isValidTile, MAX_ZOOM } from './demo-tiles.ts';

const WHOLE = /^(0|[1-9]\d{0,5})$/;

export function registerTileRoutes(app: FastifyInstance): void {
  app.get<{ Params: { z: string; x: string; file: string } }>('/tiles/:z/:x/:file', async (request, reply) => {
    const { z, x, file } = request.params;
    const y = /^(.*)\.svg$/.exec(file)?.[1] ?? '';
    const numbers = [z, x, y].map((part) => (WHOLE.test(part) ? Number(part) : NaN));
    if (!isValidTile(numbers[0]!, numbers[1]!, numbers[2]!)) {
      return reply.status(400).send({
        statusCode: 400,
        error: 'Bad Request',
        message: `No such tile: z must be 0–${MAX_ZOOM}, x and y whole numbers below 2^z, ending in .svg`,
      });
    }
    return reply
      .type('image/svg+xml')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(drawTile(numbers[0]!, numbers[1]!, numbers[2]!));
  });
}
