/**
 * The share forms (spec §3 Share form, §7 share-page form submit): the Trips Collection's
 * send-to-a-friend form and the share-this-page form, answered through system/ajax.
 */

/** The share forms' id and form_id. */
export const SHARE_FORM_ID = 'bt-leads-share-submit-rc-core-order-share';

/** The server callback that answers them. */
export const SHARE_FORM_CALLBACK = 'bt_leads_share_url_form_submit_ajax';

/** Where a share form's errors are shown (the answer inserts them there). */
export const SHARE_FORM_MESSAGES_ID = 'share-form-messages';

/** The hidden field that carries the page hash. */
export const FRAGMENT_FIELD = 'fragment';
