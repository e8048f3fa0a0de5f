import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { EventDetail, EventSummary } from '../../src/domain/content.ts';
import { registerRelatedEvents, RELATED_EVENTS } from './related-events.ts';

const photo = { src: '/media/x.svg', caption: '', width: 10, height: 10 };
const summary = (slug: string, area: string, title = slug): EventSummary => ({ slug, kind: 'event', title, begin: null, end: null, place: 'Harbor', area, photo, summary: '' });
const EVENTS = [summary('parade', 'Coral Haven'), summary('bonfire', 'Sandpiper'), summary('market', 'Coral Haven', 'Farmers <b>market</b>'), summary('race', 'Pelican'), summary('fair', 'Sandpiper')];

async function site() {
  const app = Fastify();
  registerRelatedEvents(app, {
    event: async (slug) => {
      const found = EVENTS.find((event) => event.slug === slug);
      return found ? ({ ...found, description: '', latitude: 0, longitude: 0 } satisfies EventDetail) : null;
    },
    events: async () => ({ title: 'Events', intro: 'Festivals on the coast.', events: EVENTS }),
  });
  return app;
}

describe('GET /events/{slug}/related: the HTML of an event page lazy placeholder (spec §7 GET {data-bto-jump-select url})', () => {
  it('answers up to three other events, those of the same area first, escaped', async () => {
    const app = await site();
    const response = await app.inject({ url: '/events/parade/related' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const links = [...response.body.matchAll(/<a href="([^"]+)">([^<]*)/g)].map((match) => match[1]);
    expect(links).toEqual(['/events/market', '/events/bonfire', '/events/race']);
    expect(links).toHaveLength(RELATED_EVENTS);
    expect(response.body).toContain('Farmers &lt;b&gt;market&lt;/b&gt;');
    expect(response.body).not.toContain('/events/parade"');
  });

  it('answers 404 for a page that does not exist, or of the other kind', async () => {
    const app = await site();
    expect((await app.inject({ url: '/events/nothing/related' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/things-to-do/parade/related' })).statusCode).toBe(404);
  });
});
