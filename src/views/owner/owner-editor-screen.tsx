/* Named *-screen, not *-page: src/app/routes.tsx globs the guests' *-page.tsx modules into their route table. */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  OwnerEditorContext,
  useEditorCommands,
  useEditorConflict,
  useEditorField,
  useEditorOptions,
  useEditorState,
  useEditorSummary,
  useHistory,
  useListingStatus,
  useOwnerEditorActors,
  usePublishWarnings,
  useQuotePreview,
  useReadiness,
  useProblemsUnder,
  fieldId,
} from '@/bindings/owner-editor-hooks';
import { documentDifferences } from '@/domain/owner/editor-checks';
import type { FieldProblem, Readiness } from '@/domain/owner/listing-content';
import type { QuoteSummary } from '@/domain/owner/owner-api';
import type { StatusChange } from '@/machines/owner-listing-status-machine';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { CheckboxesInput, NumberInput, OptionalTextInput, SelectInput, TextInput } from './owner-fields';
import type { MapTilesConfig } from './owner-pin-map';

/** The map and the photo tools are chunks of their own, loaded when the owner opens them. */
const PinMap = lazy(() => import('./owner-pin-map'));
const PhotoTools = lazy(() => import('./owner-photos'));
/** The rate plan's tables and the range calendar of its seasons: below the fold, fetched as the editor starts. */
const RatesSection = lazy(() => import('./owner-rates-section').then((module) => ({ default: module.RatesSection })));

const SECTIONS = [
  ['basics', 'Basics'],
  ['description', 'Description'],
  ['location', 'Location'],
  ['amenities', 'Amenities'],
  ['rules', 'Rules & policies'],
  ['photos', 'Photos'],
  ['rates', 'Rates & fees'],
  ['readiness', 'Readiness'],
  ['history', 'History'],
] as const;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="owner-section" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

const money = (cents: number, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

function QuoteCell({ quote, currency }: { quote: QuoteSummary | null; currency: string }) {
  if (!quote) return <td>—</td>;
  if (quote.problem) return <td>{quote.problem}</td>;
  return <td>{money(quote.totalCents, currency)}</td>;
}

/** Sample stays priced under the published rates and under the draft, side by side. */
function QuotePreviewPanel() {
  const quotes = useQuotePreview();
  return (
    <div className="owner-quotes">
      <Button onPress={quotes.request} isPending={quotes.state === 'loading'}>
        {quotes.state === 'idle' ? 'Compare sample quotes' : 'Compare again with my changes'}
      </Button>
      {quotes.state === 'failed' ? (
        <p role="alert" className="owner-problem">
          {quotes.message} <Button onPress={quotes.retry}>Try again</Button>
        </p>
      ) : null}
      {quotes.preview ? (
        <table className="owner-table">
          <caption>Sample stays: published rates and your draft</caption>
          <thead>
            <tr>
              <th scope="col">Stay</th>
              <th scope="col">Published</th>
              <th scope="col">Draft</th>
              <th scope="col">Difference</th>
            </tr>
          </thead>
          <tbody>
            {quotes.preview.samples.map((sample) => {
              const { before, after } = sample;
              const difference = before && after && !before.problem && !after.problem ? after.totalCents - before.totalCents : null;
              return (
                <tr key={sample.id}>
                  <th scope="row">
                    {sample.label}
                    <span className="owner-note">
                      {' '}
                      {sample.begin} → {sample.end}, {sample.nights} nights, {sample.guests} guests
                    </span>
                  </th>
                  <QuoteCell quote={before} currency={quotes.preview?.currency ?? 'USD'} />
                  <QuoteCell quote={after} currency={quotes.preview?.currency ?? 'USD'} />
                  <td>{difference === null ? '—' : `${difference > 0 ? '+' : difference < 0 ? '−' : '±'}${money(Math.abs(difference), quotes.preview?.currency ?? 'USD')}`}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}

function ProblemList({ problems }: { problems: FieldProblem[] }) {
  return (
    <ul className="owner-problems">
      {problems.map((problem) => (
        <li key={`${problem.path}|${problem.message}`}>
          <a href={`#${fieldId(problem.path)}`}>{problem.message}</a>
        </li>
      ))}
    </ul>
  );
}

const AUDIENCES: Array<[keyof Readiness, string]> = [
  ['blocking', 'Would break the page (publishing is refused)'],
  ['guests', 'Guests still lack'],
  ['google', 'Google still lacks'],
  ['channels', 'The channels still lack'],
];

function ReadinessPanel({ readiness }: { readiness: Readiness | null }) {
  if (!readiness) return <p>The readiness check runs when the draft is saved.</p>;
  const total = AUDIENCES.reduce((sum, [key]) => sum + readiness[key].length, 0);
  if (total === 0) return <p>Nothing is missing: guests, Google and the channels have all they need.</p>;
  return (
    <div className="owner-readiness">
      {AUDIENCES.filter(([key]) => readiness[key].length > 0).map(([key, title]) => (
        <div key={key}>
          <h3>
            {title} ({readiness[key].length})
          </h3>
          <ProblemList problems={readiness[key]} />
        </div>
      ))}
    </div>
  );
}

function HistoryPanel() {
  const history = useHistory();
  const state = useEditorState();
  if (history.state === 'idle') return <Button onPress={history.open}>Show the published versions</Button>;
  if (history.state === 'loading') return <p role="status">Loading the versions…</p>;
  if (history.state === 'failed')
    return (
      <p role="alert" className="owner-problem">
        {history.message} <Button onPress={history.retry}>Try again</Button>
      </p>
    );
  return (
    <>
      {history.message ? (
        <p role={history.state === 'restoreFailed' ? 'alert' : 'status'} className={history.state === 'restoreFailed' ? 'owner-problem' : 'owner-notice'}>
          {history.message}
        </p>
      ) : null}
      {history.versions.length === 0 ? <p>Nothing has been published yet.</p> : null}
      <ol className="owner-versions" reversed>
        {history.versions.map((version) => (
          <li key={version.version}>
            <span>
              Version {version.version}, “{version.name}”, published {version.publishedAt.slice(0, 16).replace('T', ' ')} by {version.publishedBy || 'the owner'}
            </span>
            <Button onPress={() => history.restore(version.version)} isPending={history.state === 'restoring'} isDisabled={state !== 'clean' && state !== 'published'}>
              Restore version {version.version} as the draft
            </Button>
          </li>
        ))}
      </ol>
      {state !== 'clean' && state !== 'published' ? <p className="owner-note">Save or undo your changes before restoring a version.</p> : null}
    </>
  );
}

function ConflictPanel() {
  const { current, mine } = useEditorConflict();
  const commands = useEditorCommands();
  const { message } = useEditorSummary();
  const differences = current && mine ? documentDifferences(mine, current.document) : [];
  const shown = (value: unknown) => (value === undefined ? '(none)' : typeof value === 'string' ? value || '(empty)' : JSON.stringify(value));
  return (
    <div className="owner-conflict" role="alert">
      <p>
        <strong>{message}</strong>
      </p>
      {differences.length > 0 ? (
        <table className="owner-table">
          <caption>What differs ({differences.length})</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Yours</th>
              <th scope="col">Saved {current?.savedAt ? `at ${current.savedAt.slice(11, 16)}` : 'meanwhile'}</th>
            </tr>
          </thead>
          <tbody>
            {differences.slice(0, 30).map((difference) => (
              <tr key={difference.path}>
                <th scope="row">{difference.path}</th>
                <td>{shown(difference.mine)}</td>
                <td>{shown(difference.theirs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>Your document and the one saved meanwhile are the same.</p>
      )}
      <div className="owner-actions">
        <Button variant="primary" onPress={commands.keepMine}>
          Keep mine and save
        </Button>
        <Button onPress={commands.takeTheirs}>Take theirs</Button>
      </div>
    </div>
  );
}

function PublishDialog() {
  const state = useEditorState();
  const readiness = useReadiness();
  const commands = useEditorCommands();
  const { message } = useEditorSummary();
  const warnings = readiness ? [...readiness.guests, ...readiness.google, ...readiness.channels] : [];
  return (
    <Modal isOpen={state === 'confirming' || state === 'publishing'} onClose={commands.cancelPublish} title="Publish this listing?" size="small">
      {warnings.length > 0 ? (
        <>
          <p>Guests will see the listing, but it still lacks:</p>
          <ProblemList problems={warnings} />
        </>
      ) : (
        <p>Guests will see this draft as the listing’s page.</p>
      )}
      {message ? (
        <p role="alert" className="owner-problem">
          {message}
        </p>
      ) : null}
      <div className="owner-actions">
        <Button variant="primary" onPress={commands.confirmPublish} isPending={state === 'publishing'}>
          Publish
        </Button>
        <Button onPress={commands.cancelPublish}>Not now</Button>
      </div>
    </Modal>
  );
}

const STATUS_TEXT: Record<string, string> = { published: 'Published', unpublished: 'Not published', archived: 'Archived' };

/** What each change asks before it is made. */
function changeQuestion(change: StatusChange, name: string, version: number): { title: string; text: string; confirm: string } {
  if (change.kind === 'discard') {
    return { title: 'Discard the draft?', text: `Every change saved since version ${version} is thrown away; guests keep seeing version ${version}.`, confirm: 'Discard the draft' };
  }
  switch (change.status) {
    case 'unpublished':
      return { title: `Unpublish “${name}”?`, text: 'Guests will no longer find it in search or book it, and its page will answer “not found”. Its bookings stand; publish it again whenever you like.', confirm: 'Unpublish' };
    case 'archived':
      return { title: `Archive “${name}”?`, text: 'It is kept with its bookings and history and hidden from guests. A listing with stays ahead cannot be archived: unpublish it instead.', confirm: 'Archive' };
    case 'published':
      return { title: `Make “${name}” live again?`, text: `Guests will find version ${version} in search and can book it again.`, confirm: 'Make it live' };
  }
}

/** Unpublish, archive, make live again, discard the draft: each asked first. */
function StatusActions() {
  const state = useEditorState();
  const summary = useEditorSummary();
  const status = useListingStatus();
  const idle = status.state === 'idle' && (state === 'clean' || state === 'published');
  const version = summary.published?.version ?? 0;
  const question = status.change ? changeQuestion(status.change, summary.name, version) : null;
  return (
    <>
      <div className="owner-actions" aria-label="Status" role="group">
        {summary.status === 'published' ? (
          <Button variant="quiet" isDisabled={!idle} onPress={() => status.request('unpublished')}>
            Unpublish…
          </Button>
        ) : null}
        {summary.status === 'unpublished' && version > 0 ? (
          <Button variant="quiet" isDisabled={!idle} onPress={() => status.request('published')}>
            Make it live again…
          </Button>
        ) : null}
        {summary.status === 'archived' ? (
          <Button variant="quiet" isDisabled={!idle} onPress={() => status.request('unpublished')}>
            Take out of the archive…
          </Button>
        ) : version > 0 ? (
          <Button variant="quiet" isDisabled={!idle} onPress={() => status.request('archived')}>
            Archive…
          </Button>
        ) : null}
        {summary.revision > 0 && version > 0 ? (
          <Button variant="quiet" isDisabled={status.state !== 'idle' || (state !== 'clean' && state !== 'dirty')} onPress={status.discard}>
            Discard the draft…
          </Button>
        ) : null}
      </div>
      {status.message ? (
        <p role="alert" className="owner-problem">
          {status.message}
        </p>
      ) : null}
      {status.notice ? (
        <p role="status" className="owner-notice">
          {status.notice}
        </p>
      ) : null}
      <Modal isOpen={question !== null} onClose={status.cancel} title={question?.title ?? ''} size="small">
        <p>{question?.text}</p>
        <div className="owner-actions">
          <Button variant="primary" onPress={status.confirm} isPending={status.state === 'sending'}>
            {question?.confirm}
          </Button>
          <Button onPress={status.cancel} isDisabled={status.state === 'sending'}>
            Keep it as it is
          </Button>
        </div>
      </Modal>
    </>
  );
}

function EditorBar() {
  const state = useEditorState();
  const summary = useEditorSummary();
  const commands = useEditorCommands();
  const saving = state === 'saving';
  const saveText = state === 'dirty' || state === 'invalid' || state === 'saveFailed' ? 'Unsaved changes' : saving ? 'Saving…' : summary.savedAt ? `Draft saved ${summary.savedAt.slice(11, 16)}` : 'No changes';
  return (
    <div className="owner-bar">
      <div>
        <h1>{summary.name || 'Untitled listing'}</h1>
        <p className="owner-note">
          <span className={`owner-badge owner-badge--${summary.status}`}>{STATUS_TEXT[summary.status] ?? summary.status}</span>
          {summary.published ? ` Version ${summary.published.version} is live.` : ''} <span data-state={state}>{saveText}</span>
        </p>
      </div>
      <div className="owner-actions">
        <Button variant="primary" onPress={commands.save} isPending={saving} isDisabled={!commands.canSave && !saving}>
          Save draft
        </Button>
        <a className="button button--secondary" href={summary.previewUrl} target="_blank" rel="noopener">
          Preview as guests see it
        </a>
        <Button onPress={commands.publish} isDisabled={!commands.canPublish}>
          Publish…
        </Button>
      </div>
      <StatusActions />
    </div>
  );
}

function Messages() {
  const state = useEditorState();
  const summary = useEditorSummary();
  const warnings = usePublishWarnings();
  if (state === 'conflict') return <ConflictPanel />;
  const alert = state === 'invalid' || state === 'saveFailed' || state === 'blocked';
  return (
    <div id="editor-message" tabIndex={-1} className="owner-messages">
      {alert && summary.message ? (
        <p role="alert" className="owner-problem">
          {summary.message || 'Please check the fields marked.'}
        </p>
      ) : null}
      {state === 'blocked' ? <BlockedProblems /> : null}
      {state === 'invalid' && !summary.message ? (
        <p role="alert" className="owner-problem">
          Please check the fields marked.
        </p>
      ) : null}
      {state === 'published' ? (
        <div role="status" className="owner-notice">
          <p>Published: guests see this version now.</p>
          {warnings.length > 0 ? <ProblemList problems={warnings} /> : null}
        </div>
      ) : null}
    </div>
  );
}

/** What refused the publish (would break the page), each a link to its field, and the way back to editing. */
function BlockedProblems() {
  const commands = useEditorCommands();
  const problems = useProblemsUnder('');
  return (
    <>
      <ProblemList problems={problems} />
      <Button onPress={commands.cancelPublish}>Back to editing</Button>
    </>
  );
}

function PhotosSection() {
  const [open, setOpen] = useState(false);
  const photos = useEditorField<unknown[]>('photos');
  if (!open)
    return (
      <p>
        {photos.value?.length ?? 0} photos. <Button onPress={() => setOpen(true)}>Open the photo tools</Button>
      </p>
    );
  return (
    <Suspense fallback={<p role="status">Loading the photo tools…</p>}>
      <PhotoTools />
    </Suspense>
  );
}

function LocationSection({ tiles }: { tiles: MapTilesConfig }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="owner-grid">
        <TextInput path="address.line1" label="Address" />
        <TextInput path="address.line2" label="Address, line 2" />
        <TextInput path="address.city" label="Town or city" />
        <TextInput path="address.region" label="State or region" />
        <TextInput path="address.postalCode" label="Postal code" />
        <TextInput path="address.country" label="Country (2 letters)" maxLength={2} />
        <NumberInput path="latitude" label="Latitude" minValue={-90} maxValue={90} step={0.000001} hint="Type it, or place the pin on the map." />
        <NumberInput path="longitude" label="Longitude" minValue={-180} maxValue={180} step={0.000001} />
      </div>
      {open ? (
        <Suspense fallback={<p role="status">Loading the map…</p>}>
          <PinMap tiles={tiles} />
        </Suspense>
      ) : (
        <Button onPress={() => setOpen(true)}>Place the pin on a map</Button>
      )}
    </>
  );
}

function EditorSections({ tiles }: { tiles: MapTilesConfig }) {
  const options = useEditorOptions();
  const readiness = useReadiness();
  const currency = options?.currency ?? 'USD';
  const categories = [...new Set(options?.amenities.map((a) => a.category) ?? [])];
  return (
    <form className="owner-editor" aria-label="Listing" noValidate onSubmit={(event) => event.preventDefault()}>
      <nav className="owner-toc" aria-label="Sections">
        <ul>
          {SECTIONS.map(([id, title]) => (
            <li key={id}>
              <a href={`#${id}`}>{title}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="owner-sections">
        <Section id="basics" title="Basics">
          <div className="owner-grid">
            <TextInput path="name" label="Name" isRequired maxLength={50} hint="What guests see, up to 50 characters." />
            <TextInput path="nickname" label="Your own name for it" hint="Not shown to guests." />
            <TextInput path="propertyCode" label="Property code" isRequired />
            <TextInput path="slug" label="Address of the page (slug)" hint="Letters, digits and hyphens; the old address keeps working." />
            <SelectInput path="type" label="Property type" isRequired options={(options?.types ?? []).map((type) => ({ id: type, name: type }))} />
            <SelectInput path="area" label="Area" isRequired options={(options?.areas ?? []).map((area) => ({ id: area.slug, name: area.name }))} />
            <NumberInput path="bedrooms" label="Bedrooms" minValue={0} />
            <NumberInput path="bathrooms" label="Bathrooms" minValue={0} step={0.5} />
            <NumberInput path="beds" label="Beds" minValue={0} />
            <NumberInput path="sleeps" label="Sleeps" minValue={1} />
          </div>
        </Section>
        <Section id="description" title="Description">
          <TextInput path="description.summary" label="Summary" multiline hint="On cards and at the top of the page; needed to publish." />
          <TextInput path="description.space" label="The space" multiline />
          <TextInput path="description.access" label="Guest access" multiline />
          <TextInput path="description.neighbourhood" label="The neighbourhood" multiline />
          <TextInput path="description.transit" label="Getting around" multiline />
          <TextInput path="description.notes" label="Other notes" multiline />
          <OptionalTextInput path="virtualTourUrl" label="Virtual tour (https address)" hint={options?.embedOrigins.length ? `From ${options.embedOrigins.join(', ')}` : undefined} />
          <OptionalTextInput path="videoUrl" label="Video (https address)" />
        </Section>
        <Section id="location" title="Location">
          <LocationSection tiles={tiles} />
        </Section>
        <Section id="amenities" title="Amenities">
          {categories.map((category) => (
            <CheckboxesInput
              key={category}
              path="amenities"
              label={category}
              options={(options?.amenities ?? []).filter((a) => a.category === category).map((a) => ({ id: a.slug, name: a.name }))}
            />
          ))}
        </Section>
        <Section id="rules" title="Rules & policies">
          <div className="owner-grid">
            <TextInput path="checkInTime" label="Check-in from (HH:MM)" hint="24-hour, e.g. 16:00" />
            <TextInput path="checkOutTime" label="Check-out by (HH:MM)" hint="24-hour, e.g. 10:00" />
          </div>
          <TextInput path="houseRules" label="House rules" multiline />
          <TextInput path="cancellationPolicy" label="Cancellation policy" multiline />
        </Section>
        <Section id="photos" title="Photos">
          <PhotosSection />
        </Section>
        <Section id="rates" title="Rates & fees">
          <Suspense fallback={<p role="status">Loading the rates…</p>}>
            <RatesSection currency={currency} />
          </Suspense>
          <h3>Before and after</h3>
          <QuotePreviewPanel />
        </Section>
        <Section id="readiness" title="Readiness">
          <ReadinessPanel readiness={readiness} />
        </Section>
        <Section id="history" title="History">
          <HistoryPanel />
        </Section>
      </div>
    </form>
  );
}

function EditorBody({ tiles }: { tiles: MapTilesConfig }) {
  const state = useEditorState();
  const summary = useEditorSummary();
  const commands = useEditorCommands();
  if (state === 'loading') return <p role="status">Loading the listing…</p>;
  if (state === 'failed')
    return (
      <div role="alert" className="owner-problem">
        <p>{summary.message}</p>
        <Button onPress={commands.retry}>Try again</Button>
      </div>
    );
  return (
    <>
      <EditorBar />
      <Messages />
      <EditorSections tiles={tiles} />
      <PublishDialog />
    </>
  );
}

/** The editor of one listing at /admin/listings/:eid. */
export function OwnerEditorPage({ eid, tiles }: { eid: number; tiles: MapTilesConfig }) {
  const actors = useOwnerEditorActors(eid);
  return (
    <OwnerEditorContext.Provider value={actors}>
      <p className="owner-back">
        <a href="/admin/listings">← All listings</a>
      </p>
      <EditorBody tiles={tiles} />
    </OwnerEditorContext.Provider>
  );
}
