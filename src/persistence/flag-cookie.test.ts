import { createActor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { favouritesMachine } from '@/machines/favourites-machine';
import { connectFlagCookie, readFlagCookie } from './flag-cookie';

const cookieValue = () =>
  decodeURIComponent(
    document.cookie
      .split('; ')
      .find((c) => c.startsWith('riot_solr_flag_items='))
      ?.slice('riot_solr_flag_items='.length) ?? '',
  );

describe('favourites cookie', () => {
  afterEach(() => {
    document.cookie = 'riot_solr_flag_items=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('reads the ids of a valid cookie', () => {
    document.cookie = `riot_solr_flag_items=${encodeURIComponent('["a","b"]')}; path=/`;
    expect(readFlagCookie()).toEqual(['a', 'b']);
  });

  it.each(['%7Bbroken', encodeURIComponent('{"__proto__":{"x":1}}'), encodeURIComponent('["<img src=x>"]')])(
    'treats tampered %s as empty and rewrites it',
    (raw) => {
      document.cookie = `riot_solr_flag_items=${raw}; path=/`;
      expect(readFlagCookie()).toEqual([]);
      expect(cookieValue()).toBe('[]');
    },
  );

  it('restores the actor from the cookie, writes every change and re-reads when the window regains focus', () => {
    document.cookie = `riot_solr_flag_items=${encodeURIComponent('["a"]')}; path=/`;
    const actor = createActor(favouritesMachine, { input: { namespace: 'favourites', items: [] } }).start();
    const dispose = connectFlagCookie(actor);
    expect(actor.getSnapshot().context.items).toEqual(['a']);

    actor.send({ type: 'flag.button.registered', buttonId: 'b1', itemId: 'b' });
    actor.getSnapshot().children.b1?.send({ type: 'flag.clicked' });
    expect(cookieValue()).toBe('["a","b"]');

    // Another tab changed the cookie.
    document.cookie = `riot_solr_flag_items=${encodeURIComponent('["c"]')}; path=/`;
    window.dispatchEvent(new Event('focus'));
    expect(actor.getSnapshot().context.items).toEqual(['c']);
    expect(actor.getSnapshot().children.b1?.getSnapshot().value).toBe('unflagged');

    dispose();
    document.cookie = `riot_solr_flag_items=${encodeURIComponent('["d"]')}; path=/`;
    window.dispatchEvent(new Event('focus'));
    expect(actor.getSnapshot().context.items).toEqual(['c']);
  });
});
