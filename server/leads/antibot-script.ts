/**
 * The anti-bot script (spec §7: loaded from /sites/all/modules/contrib/antibot/js/antibot.js when
 * it is missing), doing what the antibot module's script does: a protected form stays unusable
 * for a bot (no key, no action) until a person moves the pointer, touches or types on the page;
 * then the key (sent reversed) goes into the form's hidden antibot_key field and the form gets
 * its action back. `window.Antibot.attach(form, { key, action })` protects one form.
 */
export const ANTIBOT_SCRIPT = `(function () {
  'use strict';
  if (window.Antibot) return;
  var pending = [];
  var human = false;
  function unlock(entry) {
    var field = entry.form.querySelector('input[name="antibot_key"]');
    if (field) field.value = entry.key.split('').reverse().join('');
    if (entry.action) entry.form.setAttribute('action', entry.action);
    entry.form.setAttribute('data-antibot', 'unlocked');
  }
  function onHuman() {
    if (human) return;
    human = true;
    ['mousemove', 'touchstart', 'keydown', 'pointerdown'].forEach(function (type) {
      document.removeEventListener(type, onHuman, true);
    });
    pending.splice(0).forEach(unlock);
  }
  ['mousemove', 'touchstart', 'keydown', 'pointerdown'].forEach(function (type) {
    document.addEventListener(type, onHuman, true);
  });
  window.Antibot = {
    attach: function (form, settings) {
      var entry = { form: form, key: String(settings.key || ''), action: settings.action || '' };
      if (human) unlock(entry);
      else pending.push(entry);
      return function () {
        var index = pending.indexOf(entry);
        if (index >= 0) pending.splice(index, 1);
      };
    }
  };
})();
`;
