import type { AnyStateMachine } from 'xstate';
import { activityOfferMachine } from './activity-offer-machine';
import { analyticsMachine } from './analytics-machine';
import { autocompleteMachine } from './autocomplete-machine';
import { availabilityMachine } from './availability-machine';
import { availabilityModalMachine } from './availability-modal-machine';
import { bookedRangesMachine } from './booked-ranges-machine';
import { bookingCancelMachine } from './booking-cancel-machine';
import { calendarFeedMachine } from './calendar-feed-machine';
import { captchaMachine } from './captcha-machine';
import { checkoutMachine } from './checkout-machine';
import { consentMachine } from './consent-machine';
import { countrySelectMachine } from './country-select-machine';
import { favouritesDropdownMachine } from './favourites-dropdown-machine';
import { favouritesMachine } from './favourites-machine';
import { filtersDialogMachine } from './filters-dialog-machine';
import { flagMachine } from './flag-machine';
import { headerMachine } from './header-machine';
import { insuranceStateMachine } from './insurance-state-machine';
import { jumpMenuMachine } from './jump-menu-machine';
import { lazyBackgroundMachine } from './lazy-background-machine';
import { leadFormMachine } from './lead-form-machine';
import { locationMapMachine } from './location-map-machine';
import { menuMachine } from './menu-machine';
import { notificationMachine } from './notification-machine';
import { ownerHistoryMachine } from './owner-history-machine';
import { ownerListingEditorMachine } from './owner-listing-editor-machine';
import { ownerListingStatusMachine } from './owner-listing-status-machine';
import { ownerListingsMachine } from './owner-listings-machine';
import { ownerPhotoQueueMachine } from './owner-photo-queue-machine';
import { ownerQuotePreviewMachine } from './owner-quote-preview-machine';
import { ownerSiteContentMachine } from './owner-site-content-machine';
import { orderContentMachine } from './order-content-machine';
import { orderMachine } from './order-machine';
import { pagerMachine } from './pager-machine';
import { paymentOptionMachine } from './payment-option-machine';
import { protectionDeclineMachine } from './protection-decline-machine';
import { quoteMachine } from './quote-machine';
import { rankingMachine } from './ranking-machine';
import { reviewFormMachine } from './review-form-machine';
import { searchMachine } from './search-machine';
import { searchPanelMachine } from './search-panel-machine';
import { shareOrderMachine } from './share-order-machine';
import { sharePageMachine } from './share-page-machine';
import { cmsAjaxMachine } from './cms-ajax-machine';
import { lazyPlaceholderMachine } from './lazy-placeholder-machine';
import { sliderMachine } from './slider-machine';
import { statusMessagesMachine } from './status-messages-machine';
import { submitGuardMachine } from './submit-guard-machine';

export interface RegisteredMachine {
  machine: AnyStateMachine;
  title: string;
  /** One sentence for product owners: what the machine decides, citing the spec. */
  description: string;
}

/**
 * Every machine of the site. The /statecharts page draws each one, and the model-test run
 * checks that each is covered; adding a machine here adds it to both.
 */
export const machineRegistry: RegisteredMachine[] = [
  {
    machine: favouritesMachine,
    title: 'Favourites',
    description: 'The favourites list of one namespace: one child flag actor per button, kept in the riot_solr_flag_items cookie (spec §4 Flag).',
  },
  {
    machine: flagMachine,
    title: 'Flag button',
    description: 'One flag button: a click toggles flagged / unflagged; the favourites actor keeps the other buttons of the same item in sync (spec §4 Flag).',
  },
  {
    machine: favouritesDropdownMachine,
    title: 'Favourites dropdown',
    description:
      'The list under the header counter: a show-items state shows or hides it; opening it looks the favourites up with one search unless all were looked up already (spec §4 Page elements, §7 Favourites lookup). Always hidden at 64em or below.',
  },
  {
    machine: headerMachine,
    title: 'Header',
    description: 'Tiny once the page is scrolled away from the top, normal at the top; scroll checks debounced by 100 ms (spec §4 Page elements).',
  },
  {
    machine: sliderMachine,
    title: 'Slider',
    description:
      'One slider (the listing photos, the homepage community photos, the virtual tours): the main-slide mark moves with each change, looping from the last slide to the first; the images of the shown slide and 2 on each side load; fullscreen on desktop only (spec §4 Page elements, §9 Listing slider).',
  },
  {
    machine: searchPanelMachine,
    title: 'Search panel',
    description: 'The off-canvas search panel toggles between show-search and hide-search (spec §4 Page elements).',
  },
  {
    machine: menuMachine,
    title: 'Mobile menu',
    description: 'The menu toggle expands and collapses the navigation (spec §4 Page elements).',
  },
  {
    machine: statusMessagesMachine,
    title: 'Status messages',
    description: 'Server status messages are shown in a modal on page load until dismissed (spec §2 Global page areas).',
  },
  {
    machine: jumpMenuMachine,
    title: 'Jump menu',
    description: "Choosing an option navigates to it ('x::url' uses the URL after '::'); only same-origin http(s) targets are followed (spec §2).",
  },
  {
    machine: searchMachine,
    title: 'Search',
    description:
      'One search component: the URL hash drives each search, stale answers are ignored, full documents are fetched and shown numvisible at a time (in the ranking\'s order once it has been loaded, raising sortOrderUpdated), and nothing is sent when max_rows <= 0 (spec §2 Search results pages, §4 Search component, §5, §9).',
  },
  {
    machine: filtersDialogMachine,
    title: 'Search filters dialog',
    description:
      "Below 768 px the search's facets open in a dialog from the 'Filters' button; 'Show N rentals', Close or Escape closes it (issue 11; spec §9 Breakpoints).",
  },
  {
    machine: autocompleteMachine,
    title: 'Search autocomplete',
    description: 'Suggestions for the search box from 2 characters, none while the input ends in a space, at most 10, replies to older input ignored (spec §5, §9).',
  },
  {
    machine: rankingMachine,
    title: 'Search ranking',
    description:
      "The search page's ranking, loaded once: its order goes to the search (which raises sortOrderUpdated), its tracker URLs are kept per property id, each result card's impression is tracked once per page view and a click on its link is tracked; a failure leaves the search's order (spec §3 Ranking response, §7 Ranking, §9).",
  },
  {
    machine: availabilityMachine,
    title: 'Availability search',
    description:
      "Searches availability and prices for the chosen dates and guests: while it runs the page is marked as searching, the answer becomes each rental's prices (reduced all, first, low or low_day), and the last search and prices are kept in local storage and restored on the next visit; a failed search keeps the prices on screen; clearing the filters forgets the dates (spec §4 Availability search, §7).",
  },
  {
    machine: availabilityModalMachine,
    title: 'Pricing modals and buttons',
    description:
      "The price summary's link adds the single price to the Trips Collection when trigger_order is set, the rental has exactly one price and the cart is on the page, and otherwise opens the offers in a small modal; the alternates and more-options links open their modals; Add asks the Trips Collection to add the offer and Book opens the buy page in a new window (spec §2 Availability pricing display, Item routes).",
  },
  {
    machine: bookedRangesMachine,
    title: 'Booked dates',
    description:
      "The listing page's booking box asks for the unit's booked nights, which its calendar disables; while they load or when the call failed every night can be picked; a failure is said beside the dates with 'Try again', which asks again; an answer for another unit is ignored (spec §2 Item routes, §8).",
  },
  {
    machine: quoteMachine,
    title: 'Detailed quote',
    description:
      "The Quote button is pending and disabled while the quote loads and enabled again afterwards; the itemised quote opens in a tiny modal with an 'Add to Trips Collection' button; a failed quote is dropped without a message (spec §2 Quote, §4 Quote button, §8).",
  },
  {
    machine: orderMachine,
    title: 'Trips Collection',
    description:
      "The Trips Collection (the order): on load it opens a shared trip from the link (#short-url, #rcod, /mytrip?rcod=), else the one kept in the browser, else in session mode the server's, else an empty one; a shared trip replaces the visitor's own only after they confirm, then the detail opens 250 ms later; adding (first free ind-N, totals to the cent, or by the server in session mode) closes every modal and opens the detail; removing takes the line item off; every change is saved under rcriotorder, announced as order-updated and followed by other tabs; a failed add or remove changes nothing on screen and shows no message (spec §4 Trips Collection storage mode, initialisation, Opening a shared trip, §8).",
  },
  {
    machine: orderContentMachine,
    title: 'Trips Collection details',
    description:
      "The order detail asks the content API for each line item's page (its link, photo and description) and for the site's activities; the detail is shown once all have answered; a failure is said with 'Try again' and never kept: trying again, or the line items changing, asks again (spec §2 Trips Collection, §8).",
  },
  {
    machine: activityOfferMachine,
    title: 'Activity pane',
    description:
      "One '+ {activity}' pane of the order detail: opening it prices the activity with the availability search for the stay's first day and guests, then shows the price with Add or 'Not available on these dates.'; a failed search is said with 'Try again', which searches again; closing it and opening it again searches again (spec §2 Trips Collection, §8).",
  },
  {
    machine: shareOrderMachine,
    title: 'Share the Trips Collection',
    description:
      'The Share button shows only for a Trips Collection with line items; while the share is prepared it is pending and disabled; the share form and short link open in a modal and the shared items are announced (rc_core_item, first price rounded to the cent); a failure shows nothing and the button is enabled again (spec §2 Share order, §4 Share button, Shared items event, §7, §8).',
  },
  {
    machine: checkoutMachine,
    title: 'Checkout',
    description:
      "Once the Trips Collection is loaded its prices and the protection on offer are checked with the server (again when the insurance state is chosen; a corrected order replaces the visitor's); the form is sent with one idempotency key per checkout; a 400 puts each message beside its field, a 409 with new prices applies the corrected order, a declined payment, a stay just taken or a provider that is down is said and nothing changes; a booking empties the Trips Collection and opens the confirmation page (issue 13).",
  },
  {
    machine: countrySelectMachine,
    title: 'Country select',
    description: "A non-empty country loads its states into the state select, which shows 'Loading...', then 'Select...' and the options; an answer for a country no longer chosen is ignored (spec §5 Country select, §8).",
  },
  {
    machine: paymentOptionMachine,
    title: 'Payment option',
    description: "payment[payment_option] cc or ach: the submit buttons show their 'sps' text and the submit copy shows; otherwise their 'later' text and the copy is hidden (spec §3, §4 Payment option).",
  },
  {
    machine: bookingCancelMachine,
    title: "Owner's booking cancellation",
    description:
      "Cancelling a booking on the owner's bookings page (issue 26): Cancel… asks first, saying what cancelling does; Keep it changes nothing; Cancel the booking cancels it once (nights freed, guest emailed, record kept); a booking cancelled already or not there ends as gone, and the list says which.",
  },
  {
    machine: calendarFeedMachine,
    title: 'Calendar feed sync status',
    description:
      "One channel's calendar feed imported into a listing (issue 26): unread until its first read; each poll reads it; a good answer or a 304 makes it good and clears the error; a failure keeps the last good stays blocking and says since when it fails (the first failure, kept through those that follow); removing it ends it. The server runs it for every read and the owner's calendars page shows it.",
  },
  {
    machine: protectionDeclineMachine,
    title: 'Insurance decline',
    description:
      "Trip insurance and damage protection: unticking a declinable option, ticking an acceptable one's 'I decline' or choosing -1 on a forced one opens a modal with the configured declineBtn and acceptBtn; decline lets the change go through, accept selects 1; each dialog shows once per page; 1 passes straight through (spec §4 Insurance decline flow).",
  },
  {
    machine: insuranceStateMachine,
    title: 'Insurance state check',
    description:
      "Before quote links, buy buttons and state triggers go ahead (the checkout's, the booking box's and search results' Book and Quote, the Trips Collection's Buy and Quote, the Detailed Quote's buy link), when insurance states are configured and there is no rcstate cookie, a modal chooser lists the states plus 'none'; its confirm button shows after a non-empty choice; confirming saves rcstate (path /) and plays the click again with &province={state} (spec §5 Insurance state check, §9).",
  },
  {
    machine: pagerMachine,
    title: 'Paged list',
    description:
      "Events, things to do and reviews a page at a time: '<< Prev' and 'Next >>' are disabled at either end, the page marked centre is shown first, the title shows the first and last captions of the active page (spec §2 Other displays; pager fade 300 ms, §9).",
  },
  {
    machine: lazyBackgroundMachine,
    title: 'Lazy background image',
    description:
      'A lazy background image (event cards): its area is rechecked every 500 ms and the image loads once it is in view; after 3000 ms the rechecks give up and one observer waits for the area instead (spec §4 Lazy content, §9).',
  },
  {
    machine: locationMapMachine,
    title: 'Location map',
    description:
      "A rental's location map in its collapsed section: nothing of the map loads before the section is first opened, and each opening redraws it at its size; a failed load can be tried again. On event and things-to-do pages it is drawn at once in the featured area (spec §2 Listing detail page, Events).",
  },
  {
    machine: analyticsMachine,
    title: 'Analytics',
    description:
      "The page's ecommerce events and error reports go to the first-party collector, batched: product impressions are held and sent 10 at a time, the remainder on pagehide; a product click sends select_item at once and its navigation goes ahead when the send is confirmed or after 2000 ms; at most 10 error reports a page (spec §1, §3 Analytics product and checkout step, §8, §9 Analytics; issue 16).",
  },
  {
    machine: consentMachine,
    title: 'Cookie consent',
    description:
      "With a GA4 measurement id configured: the stored choice is read (none, or one that cannot be read, shows the banner); Accept all, Reject all or Choose per category (analytics, advertising), each stored and applied to GA4's Consent Mode v2; the footer's 'Cookie settings' opens the choices again (issue 16 Consent).",
  },
  {
    machine: captchaMachine,
    title: 'Captcha-protected form',
    description:
      "One captcha-protected form (lead, share and review forms): nothing loads when bt_leads_recaptcha.should_load is false; otherwise the provider's script (ALTCHA, self-hosted, by default) is asked for at the first of: the async-captcha element in view or in view at load, a focus in the form, a forced load, a submit — once per page. A submit is held until there is a token: the challenge runs, the token goes in the response field, the form is marked submitted and sent by itself; after the asynchronous submit the captcha resets and the mark clears. A missing library, a script that cannot be added and an empty token are said in the console; a script or a challenge that cannot load is also said in the form, whose Try again loads it again (or runs the challenge again and sends the form) (spec §4 Captcha-protected form, §7 Captcha, §8).",
  },
  {
    machine: reviewFormMachine,
    title: 'Review form',
    description:
      "The listing's review form in a modal: opening it scrolls to 50 px above the form over 500 ms; sending, then sent (the review awaits moderation) or failed with a message per field, focus on the first, every entry kept (spec §2 Listing detail page, §5 Forms, §9).",
  },
  {
    machine: leadFormMachine,
    title: 'Lead form',
    description:
      "One lead form in its modal (contact us, ask about this rental, newsletter): locked until GET /bt-leads-antibot-workaround answers and the form's anti-bot key is merged into its settings (a failure offers Try again); a form that requires the opt-in is not sent without bt_leads_optin (the alert 'Please accept the terms to proceed.'); the server's field errors come back per field, a refused key locks it for fresh keys (spec §2 Lead and inquiry forms, §4 Lead form in a modal, §5 Forms, §8).",
  },
  {
    machine: submitGuardMachine,
    title: 'Form submit guard',
    description: 'On a non-GET form, a second submit with identical serialized data is blocked; changed data goes through; once the async submit completes the same data may be sent again (spec §4 Form submit guard).',
  },
  {
    machine: notificationMachine,
    title: 'Notification',
    description: 'A notification hides itself after 5000 ms (the timer is an effect), class success by default with arrow size 15 and gap 2; it stays while the pointer is over it or focus is in it (spec §9 Notifications).',
  },
  {
    machine: sharePageMachine,
    title: 'Share this page',
    description:
      "The share button of every page: pending and disabled while the modal is prepared (the page's short link and share form asked for), then the modal shows them; a failure shows nothing and the button is enabled again (spec §2 Share modal, §4 Share button, §8).",
  },
  {
    machine: cmsAjaxMachine,
    title: 'CMS asynchronous request',
    description:
      "One form's or element's request to system/ajax: a URL neither local nor trusted is refused; 'Please wait...' while it runs; a non-local answer needs the verification header '1'; the answer's commands are applied, or the HTTP error, abnormal end or throw is alerted with the texts of spec §8 (spec §7 CMS asynchronous requests).",
  },
  {
    machine: lazyPlaceholderMachine,
    title: 'Lazy placeholder',
    description:
      'A block whose content is fetched when it becomes visible (GET {data-bto-jump-select url}) and replaced by that HTML, sanitized; a failure offers Try again (spec §2 Lazy placeholder blocks, §4 Lazy content, §7).',
  },
  {
    machine: ownerListingsMachine,
    title: 'Owner: listings',
    description: "The owner's list of rentals at /admin/listings: loading, failed with Try again; the 'Add a home' dialog checks its fields, creates the listing and opens its editor, or shows the server's problems by field.",
  },
  {
    machine: ownerListingEditorMachine,
    title: 'Owner: listing editor',
    description:
      'One listing edited as a draft: dirty or clean, Save draft, a stale save refused (409) with the typed document kept until the owner keeps theirs or takes the other, problems by field (422), publishing with its warnings confirmed first, a restored version as the draft.',
  },
  {
    machine: ownerQuotePreviewMachine,
    title: 'Owner: quote preview',
    description: 'The quotes of sample stays under the published rates and the draft’s, side by side: loading, ready, failed with Try again.',
  },
  {
    machine: ownerHistoryMachine,
    title: 'Owner: version history',
    description: "A listing's published versions with who and when; restoring one makes it the draft (refused when someone saved meanwhile).",
  },
  {
    machine: ownerPhotoQueueMachine,
    title: 'Owner: photo uploads',
    description: "The photo upload queue: one file at a time with its progress, the server's message on a failure with Retry, cancel of a queued or running upload.",
  },
  {
    machine: ownerSiteContentMachine,
    title: 'Owner: site content',
    description:
      "One kind of the site's own content: specials, events and things to do, content pages (a list and a form), the community photos or the site's name and contacts (one form). Loading, failed with Try again; a save checked in the page first, refused when stale (409) with the typed fields kept beside the current ones, problems by field (422); closing with unsaved changes asks to discard them; deleting asks first.",
  },
  {
    machine: ownerListingStatusMachine,
    title: 'Owner: listing status',
    description:
      "A listing's status and draft beside its editor: Unpublish, Archive, Make it live again or Discard the draft, each asked first in a dialog; the server's refusal (an archive with stays ahead, someone else's save) or failure is said and changes nothing; a change made is said and the editor follows.",
  },
];
