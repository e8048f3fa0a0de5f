import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import siteJson from '../../config/site.json';
import { parseSiteSettings, type PageSettings, type SiteSettings } from '@/domain/settings';
import { StateChooserHost } from '@/views/checkout/state-chooser-host';
import { Button } from '@/views/ui/button';
import { connectLazyActors, createSiteActors, madeActor, stopSiteActors, type SiteActors } from './actors/site-actors';
import { SiteProvider } from './site-context';
import { useStateGuard, useStateGuardedLinks } from './state-guard-hooks';

const base = parseSiteSettings(siteJson);
const { texts } = base.insurance;
const BUY = '/rescms/item/1002/buy?rcav%5Badult%5D=2';

/** A guarded button, an area of server HTML with a buy link and another link, and the page shell's chooser. */
function Triggers({ onBook, onFollow }: { onBook: () => void; onFollow: (href: string) => void }) {
  const guard = useStateGuard();
  const guardLinks = useStateGuardedLinks();
  return (
    <>
      <Button onPress={() => guard(onBook)}>Book</Button>
      <div
        onClick={(event) => {
          guardLinks(event);
          // The navigation a link would make, seen without leaving the test page.
          const link = (event.target as Element).closest('a');
          if (link && !event.defaultPrevented) onFollow(link.getAttribute('href') ?? '');
          event.preventDefault();
        }}
        dangerouslySetInnerHTML={{ __html: `<a href="${BUY}">Book now</a> <a href="/listing/x">Listing</a>` }}
      />
    </>
  );
}

let actors: SiteActors | null = null;

function mount(change: (settings: SiteSettings) => SiteSettings = (s) => s) {
  const page = { settings: change(base), messages: [], flagged: [] } as unknown as PageSettings;
  actors = createSiteActors(page, 'http://localhost');
  // As in the browser (wireEffects): lazy actors are connected to their effects as they are made.
  connectLazyActors(actors);
  const onBook = vi.fn();
  const onFollow = vi.fn();
  render(
    <SiteProvider page={page} actors={actors}>
      <Triggers onBook={onBook} onFollow={onFollow} />
      <StateChooserHost />
    </SiteProvider>,
  );
  return { onBook, onFollow, actors };
}

const chooser = () => screen.findByRole('dialog', { name: texts.title });
const cookie = () => document.cookie.split('; ').find((c) => c.startsWith('rcstate='))?.slice('rcstate='.length) ?? null;

afterEach(() => {
  if (actors) stopSiteActors(actors);
  actors = null;
  document.cookie = 'rcstate=; max-age=0; path=/';
});

describe('insurance state check on every page (spec §5): buttons and links wait for the chooser', () => {
  it('without rcstate a Book click opens the chooser; confirming saves rcstate and plays the click once', async () => {
    const user = userEvent.setup();
    const { onBook } = mount();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    const dialog = await chooser();
    expect(onBook).not.toHaveBeenCalled();
    // The confirm button shows only after a non-empty choice.
    expect(within(dialog).queryByRole('button', { name: texts.button })).toBeNull();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: texts.select_prompt }), 'FL');
    await user.click(within(dialog).getByRole('button', { name: texts.button }));
    expect(onBook).toHaveBeenCalledTimes(1);
    expect(cookie()).toBe('FL');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: texts.title })).toBeNull());
    // Known now: the next click goes at once.
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(onBook).toHaveBeenCalledTimes(2);
  });

  it('a dismissed chooser drops the click', async () => {
    const user = userEvent.setup();
    const { onBook } = mount();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await chooser();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: texts.title })).toBeNull());
    expect(onBook).not.toHaveBeenCalled();
    expect(cookie()).toBeNull();
  });

  it('with rcstate the click goes at once and no chooser is made or loaded', async () => {
    document.cookie = 'rcstate=none; path=/';
    const user = userEvent.setup();
    const { onBook, actors: made } = mount();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    expect(onBook).toHaveBeenCalledTimes(1);
    expect(madeActor(made, 'insuranceState')).toBeUndefined();
  });

  it('a tampered rcstate (not a listed state) is not believed: the chooser opens', async () => {
    document.cookie = 'rcstate=%3Cscript%3E; path=/';
    const user = userEvent.setup();
    const { onBook } = mount();
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await chooser();
    expect(onBook).not.toHaveBeenCalled();
  });

  it('a site without insurance states never asks', async () => {
    const user = userEvent.setup();
    const { onBook, onFollow, actors: made } = mount((s) => ({ ...s, insurance: { ...s.insurance, states: {} } }));
    await user.click(screen.getByRole('button', { name: 'Book' }));
    await user.click(screen.getByRole('link', { name: 'Book now' }));
    expect(onBook).toHaveBeenCalledTimes(1);
    expect(onFollow).toHaveBeenCalledWith(BUY);
    expect(madeActor(made, 'insuranceState')).toBeUndefined();
  });

  it('a buy link waits for the chooser, then is clicked again and goes with &province=', async () => {
    const user = userEvent.setup();
    const { onFollow } = mount();
    await user.click(screen.getByRole('link', { name: 'Book now' }));
    const dialog = await chooser();
    expect(onFollow).not.toHaveBeenCalled();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: texts.select_prompt }), 'none');
    await act(async () => user.click(within(dialog).getByRole('button', { name: texts.button })));
    expect(onFollow).toHaveBeenCalledTimes(1);
    expect(onFollow).toHaveBeenCalledWith(`${BUY}&province=none`);
  });

  it('other links are not held', async () => {
    const user = userEvent.setup();
    const { onFollow } = mount();
    await user.click(screen.getByRole('link', { name: 'Listing' }));
    expect(onFollow).toHaveBeenCalledWith('/listing/x');
    expect(screen.queryByRole('dialog', { name: texts.title })).toBeNull();
  });
});
