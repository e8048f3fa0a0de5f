import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventFrom, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { InspectProvider } from '@/bindings/inspect-context';
import { GONE_ITEM_MESSAGE, STALE_ITEM_MESSAGE, type PageFields, type SiteContentItem, type SiteContentKind, type SiteFields } from '@/domain/owner/site-content';
import { ownerSiteContentMachine } from '@/machines/owner-site-content-machine';
import { OwnerSiteContentPage } from '@/views/owner/owner-site-content-screen';
import { ModelCoverage, planPaths, runPath, type PathDriver, type Via } from './coverage';
import { daysFromNow, stubOwnerApi, answerAndWait } from './owner-harness';

type ContentSnapshot = SnapshotFrom<typeof ownerSiteContentMachine>;
type ContentEvent = EventFrom<typeof ownerSiteContentMachine>;

const TILES = { url: '/tiles/{z}/{x}/{y}.svg', attribution: '' };
const TODAY = daysFromNow(0).slice(0, 10);
const OPTIONS = { listings: [{ eid: 1001, name: 'Seaside Cottage', propertyCode: 'CHC-1001', type: 'Cottage' }], areas: [{ slug: 'north-beach', name: 'North Beach' }] };
const FAILED = 'The server did not answer. Check the connection and try again.';
const RETITLED = 'About our team';

const page = (fields: PageFields, revision: string): SiteContentItem<'pages'> => ({ id: fields.slug, revision, label: fields.title, fields });
const ABOUT = page({ slug: 'about-us', title: 'About us', text: 'We look after homes on the coast.' }, 'r1');
const SAVED = page({ ...ABOUT.fields, title: RETITLED }, 'r2');
const THEIRS = page({ ...ABOUT.fields, title: 'About the company' }, 'r3');
const TITLE_PROBLEM = { path: 'title', message: 'Title must be at most 100 characters (it has 140).' };

const SITE: SiteContentItem<'site'> = { id: 'site', revision: 's1', label: 'Coral Haven', fields: { name: 'Coral Haven', slogan: 'Homes by the sea', phone: '+1 555 0142', email: 'stay@coralhaven.example' } };
const RENAMED_SITE: SiteContentItem<'site'> = { ...SITE, revision: 's2', label: 'Dune Stays', fields: { ...SITE.fields, name: 'Dune Stays' } };

const pageEvents: Array<Via<ContentEvent>> = [
  { type: 'content.opened', via: 'opens /admin/content/pages' },
  { type: 'content.loaded', items: [ABOUT], options: OPTIONS, via: 'the server lists the pages' },
  { type: 'content.load.failed', message: FAILED, via: 'the server fails to list them (500)' },
  { type: 'content.retried', via: "presses 'Try again'" },
  { type: 'item.selected', id: ABOUT.id, via: "presses 'Edit About us'" },
  { type: 'item.added', via: "presses 'Add a page'" },
  { type: 'field.changed', path: 'title', value: RETITLED, via: 'types a title' },
  { type: 'item.save.requested', via: "presses 'Save'" },
  { type: 'item.saved', item: SAVED, via: 'the server saves it' },
  { type: 'item.invalid', problems: [TITLE_PROBLEM], message: 'Please check the fields marked.', via: 'the server refuses a field (422)' },
  { type: 'item.conflicted', current: THEIRS, message: STALE_ITEM_MESSAGE, via: 'the server refuses a stale revision (409)' },
  { type: 'item.conflicted', current: null, message: GONE_ITEM_MESSAGE, via: 'the server says someone deleted it (409)' },
  { type: 'item.save.failed', message: FAILED, via: 'the server fails to save (503)' },
  { type: 'conflict.mine.kept', via: "presses 'Keep mine and save' (or 'Save mine as a new one')" },
  { type: 'conflict.theirs.taken', via: "presses 'Take theirs' (or 'Let mine go')" },
  { type: 'item.closed', via: "presses 'Close'" },
  { type: 'item.discarded', via: "presses 'Discard changes'" },
  { type: 'item.delete.requested', via: "presses 'Delete…'" },
  { type: 'item.delete.cancelled', via: "presses 'Keep it'" },
  { type: 'item.delete.confirmed', via: "presses 'Delete'" },
  { type: 'item.deleted', id: ABOUT.id, via: 'the server deletes it' },
  { type: 'item.delete.failed', message: FAILED, via: 'the server fails to delete (503)' },
];

const siteEvents: Array<Via<ContentEvent>> = [
  { type: 'content.opened', via: 'opens /admin/content/site' },
  { type: 'content.loaded', items: [SITE], options: OPTIONS, via: 'the server sends the site details' },
  { type: 'field.changed', path: 'name', value: 'Dune Stays', via: 'types a new site name' },
  { type: 'item.save.requested', via: "presses 'Save'" },
  { type: 'item.saved', item: RENAMED_SITE, via: 'the server saves them' },
];

const coverage = new ModelCoverage(ownerSiteContentMachine);

function contentDriver(kind: SiteContentKind): PathDriver<ContentSnapshot, ContentEvent> {
  let api = stubOwnerApi();
  let user: UserEvent = userEvent.setup();
  let unmount = () => {};
  const base = `/admin/api/content/${kind}`;
  const answer = (match: string, status: number, body: unknown) => answerAndWait(api, match, status, body, coverage);
  const form = () => screen.getByRole('form');
  const press = (name: string | RegExp) => user.click(within(form()).getByRole('button', { name }));
  const saveRequest = (before: ContentSnapshot) => (before.context.id === null ? `POST ${base}` : `PUT ${base}/${before.context.id}`);
  return {
    start: () => {
      api = stubOwnerApi();
      user = userEvent.setup();
    },
    perform: async (event, before) => {
      switch (event.type) {
        case 'content.opened':
          unmount = render(
            <InspectProvider inspect={coverage.inspect}>
              <OwnerSiteContentPage kind={kind} today={TODAY} tiles={TILES} />
            </InspectProvider>,
          ).unmount;
          await waitFor(() => expect(api.last(`GET ${base}`)).toBeDefined());
          return;
        case 'content.loaded':
          return answer(`GET ${base}`, 200, { kind, items: event.items, options: event.options });
        case 'content.load.failed':
          return answer(`GET ${base}`, 500, { error: 'server', message: 'boom' });
        case 'content.retried':
          return user.click(screen.getByRole('button', { name: 'Try again' }));
        case 'item.selected':
          return user.click(screen.getByRole('button', { name: `Edit ${before.context.items.find((item) => item.id === event.id)?.label}` }));
        case 'item.added':
          return user.click(screen.getByRole('button', { name: 'Add a page' }));
        case 'field.changed': {
          const input = within(form()).getByRole('textbox', { name: event.path === 'name' ? /^Site name/ : /^Title/ });
          await user.clear(input);
          return user.type(input, String(event.value));
        }
        case 'item.save.requested':
          return press(before.matches('saveFailed') ? 'Try saving again' : 'Save');
        case 'item.saved':
          return answer(saveRequest(before), 200, { item: event.item });
        case 'item.invalid':
          return answer(saveRequest(before), 422, { error: 'invalid', message: event.message, problems: event.problems });
        case 'item.conflicted':
          return answer(before.matches('deleting') ? `DELETE ${base}` : saveRequest(before), 409, { error: 'stale', message: 'stale', current: event.current });
        case 'item.save.failed':
          return answer(saveRequest(before), 503, { error: 'unavailable', message: 'down' });
        case 'conflict.mine.kept':
          return press(before.context.current ? 'Keep mine and save' : 'Save mine as a new one');
        case 'conflict.theirs.taken':
          return press(before.context.current ? 'Take theirs' : 'Let mine go');
        case 'item.closed':
          return press('Close');
        case 'item.discarded':
          return press('Discard changes');
        case 'item.delete.requested':
          return press('Delete…');
        case 'item.delete.cancelled':
          return press('Keep it');
        case 'item.delete.confirmed':
          return press(/^Delete$/);
        case 'item.deleted':
          return answer(`DELETE ${base}`, 200, { deleted: event.id });
        case 'item.delete.failed':
          return answer(`DELETE ${base}`, 503, { error: 'unavailable', message: 'down' });
      }
    },
    expectState: async (state) => {
      const { context } = state;
      if (state.matches('idle')) {
        expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
        return;
      }
      await screen.findByRole('heading', { level: 1 });
      if (state.matches('loading')) {
        await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading…'));
        return;
      }
      if (state.matches('failed')) {
        const alert = await screen.findByRole('alert');
        expect(alert.textContent).toContain(context.message);
        expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
        return;
      }
      if (state.matches('browsing')) {
        await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
        if (context.items.length > 0) {
          const list = screen.getByRole('list', { name: 'Your content pages' });
          expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(context.items.map((item) => item.label));
        } else expect(screen.getByText('None yet.')).toBeTruthy();
        expect(screen.getByRole('status').textContent).toBe(context.notice);
        return;
      }
      // A form is open: its fields show what was typed, its problems next to them.
      const open = await screen.findByRole('form');
      const fields = context.document as PageFields & SiteFields;
      if (kind === 'site') {
        expect(open.getAttribute('aria-label')).toBe('Site name and contacts');
        expect((within(open).getByRole('textbox', { name: /^Site name/ }) as HTMLInputElement).value).toBe(fields.name);
      } else {
        expect(open.getAttribute('aria-label')).toBe(context.id === null ? 'New page' : `Edit ${context.items.find((item) => item.id === context.id)?.label}`);
        await waitFor(() => expect((within(open).getByRole('textbox', { name: /^Title/ }) as HTMLInputElement).value).toBe(fields.title));
        expect((within(open).getByRole('textbox', { name: /^Page address/ }) as HTMLInputElement).value).toBe(fields.slug);
      }
      for (const problem of context.problems) {
        const input = document.getElementById(`field-${problem.path}`) as HTMLElement;
        await waitFor(() => expect((input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ')).toContain(problem.message));
      }
      if (state.matches('conflict')) {
        const alert = within(open).getByRole('alert');
        expect(alert.textContent).toContain(context.message);
        if (context.current && (context.current.fields as PageFields).title !== fields.title) expect(alert.textContent).toContain(`title: yours “${fields.title}”, theirs “${(context.current.fields as PageFields).title}”`);
        return;
      }
      if (state.matches('confirmingDelete') || state.matches('deleting')) {
        const question = within(open).getByRole('group', { name: `Delete ${context.items.find((item) => item.id === context.id)?.label}` });
        const remove = within(question).getByRole('button', { name: /^Delete$/ });
        expect(remove.hasAttribute('data-pending')).toBe(state.matches('deleting'));
        if (state.matches('confirmingDelete')) await waitFor(() => expect(document.activeElement?.textContent).toBe('Keep it'));
        return;
      }
      const save = within(open).getByRole('button', { name: state.matches('saveFailed') ? 'Try saving again' : 'Save' });
      expect(save.hasAttribute('data-pending')).toBe(state.matches('saving'));
      if (context.message) expect(within(open).getByRole('alert').textContent).toBe(context.message);
      if (kind !== 'site') {
        const dirty = context.document !== context.saved;
        expect(within(open).queryByRole('button', { name: dirty ? 'Discard changes' : 'Close' })).not.toBeNull();
      }
      expect(screen.getByRole('status').textContent).toBe(context.notice);
    },
    stop: () => unmount(),
  };
}

afterAll(() => {
  coverage.write();
});

describe('owner site content machine, walked through /admin/content/pages with the API answered by the test', () => {
  const model = createTestModel(ownerSiteContentMachine, {
    input: { kind: 'pages', today: TODAY },
    events: pageEvents,
    filterEvents: (snapshot, event) => {
      // Only the events listed here (the graph adds a bare one for each other event type a state takes).
      if (!('via' in event) || !snapshot.can(event)) return false;
      const { context } = snapshot;
      // The title is typed once per form; a save is answered as the item it was made from.
      if (event.type === 'field.changed') return (context.document as PageFields | null)?.title !== RETITLED;
      if (event.type === 'item.saved') return context.id === ABOUT.id;
      if (event.type === 'item.conflicted') return context.id !== null;
      return true;
    },
    serializeState: (snapshot) => {
      const { context } = snapshot;
      const fields = context.document as PageFields | null;
      // What the page shows differently: the state, a new or stored item, the title typed, a problem, theirs or none.
      return JSON.stringify([snapshot.value, context.id === null, fields?.title === RETITLED, context.items.map((item) => item.label), context.problems.length > 0, context.current === null, context.message, context.notice, context.document === context.saved]);
    },
  });
  const paths = planPaths(model, ownerSiteContentMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, contentDriver('pages'));
  });
});

describe('owner site content machine, one form at /admin/content/site', () => {
  const model = createTestModel(ownerSiteContentMachine, {
    input: { kind: 'site', today: TODAY },
    events: siteEvents,
    filterEvents: (snapshot, event) => 'via' in event && snapshot.can(event) && (event.type !== 'field.changed' || (snapshot.context.document as SiteFields | null)?.name !== 'Dune Stays'),
  });
  const paths = planPaths(model, ownerSiteContentMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', async (_title, path) => {
    await runPath(path, coverage, contentDriver('site'));
  });
});
