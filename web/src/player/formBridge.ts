/**
 * The script that runs inside the sandboxed frame of an owner's custom lead form (`sandbox="allow-scripts
 * allow-forms"`, no allow-same-origin: the owner's HTML never touches the player's origin). On submit it
 * checks the form (spec: account-player-management.md §5, "Custom embedded form"), takes the name from
 * the first text input and the email from the email input, trimmed, and posts the lead to the player.
 * It also reports the form's height so the player can size the frame.
 *
 * It sits in the frame's head, before the owner's HTML (which cannot swallow it), inline in the srcdoc.
 * A srcdoc frame inherits the player page's CSP, which allows exactly this script by its hash
 * (`formBridgeHash`; the build writes it to web/dist/player/csp.json).
 */
import { t } from '@quizlead/shared/i18n/translate.ts';

/**
 * The bridge's texts in the language shown, for the frame's `data-texts` attribute (HTML-escaped JSON):
 * the script itself stays the same in every language, so its CSP hash does too.
 */
export function formBridgeTexts(): string {
  const texts = {
    incomplete: t('lead.customFormIncomplete'),
    checkbox: t('lead.customFormCheckbox'),
    email: t('lead.emailInvalid'),
  };
  return JSON.stringify(texts).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export const formBridgeScript = `(function () {
  var texts = JSON.parse(document.documentElement.getAttribute('data-texts') || '{}');
  var skipped = /^(hidden|submit|button|reset|image|file)$/;
  function controls(scope) {
    return Array.prototype.filter.call(scope.querySelectorAll('input, select, textarea'), function (el) {
      return !el.disabled && !skipped.test(el.type);
    });
  }
  function value(el) {
    return String(el.value || '').trim();
  }
  function showError(scope, text) {
    var box = document.getElementById('quizlead-error');
    if (!text) {
      if (box) box.remove();
      return;
    }
    if (!box) {
      box = document.createElement('p');
      box.id = 'quizlead-error';
      box.setAttribute('role', 'alert');
      scope.appendChild(box);
    }
    box.textContent = text;
  }
  function submit(scope) {
    var all = controls(scope);
    var textInput = all.filter(function (el) { return el.tagName === 'INPUT' && el.type === 'text'; })[0];
    var emailInput = all.filter(function (el) { return el.type === 'email'; })[0] ||
      all.filter(function (el) { return /mail/i.test(el.name || el.id || ''); })[0];
    var name = textInput ? value(textInput) : '';
    var email = emailInput ? value(emailInput) : '';
    var missing = all.some(function (el) {
      return el.type !== 'checkbox' && el.type !== 'radio' && (el.required || el === textInput || el === emailInput) && !value(el);
    });
    if (missing) return showError(scope, texts.incomplete);
    var checkboxes = all.filter(function (el) { return el.type === 'checkbox'; });
    if (checkboxes.some(function (el) { return !el.checked; })) return showError(scope, texts.checkbox);
    if (!/^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$/.test(email)) return showError(scope, texts.email);
    showError(scope, '');
    var fields = {};
    all.forEach(function (el, index) {
      if ((el.type === 'checkbox' || el.type === 'radio') && !el.checked) return;
      var key = String(el.name || el.id || 'field' + (index + 1)).slice(0, 100);
      if (Object.keys(fields).length < 30) fields[key] = value(el).slice(0, 2000);
    });
    parent.postMessage({ type: 'quizlead-lead', name: name, email: email, consent: checkboxes.length > 0, fields: fields }, '*');
  }
  document.addEventListener('submit', function (event) {
    event.preventDefault();
    submit(event.target);
  }, true);
  // The bridge checks the form itself: the browser's own bubbles would stop the submit event first.
  function noValidate() {
    Array.prototype.forEach.call(document.forms, function (form) { form.noValidate = true; });
  }
  document.addEventListener('click', function (event) {
    var target = event.target && event.target.closest ? event.target.closest('[type=submit], button:not([type])') : null;
    if (!target) return;
    noValidate();
    if (target.form) return;
    event.preventDefault();
    submit(document.body);
  }, true);
  function height() {
    parent.postMessage({ type: 'quizlead-form-height', height: Math.ceil(document.body.getBoundingClientRect().height) }, '*');
  }
  document.addEventListener('DOMContentLoaded', function () {
    noValidate();
    new ResizeObserver(height).observe(document.body);
    height();
  });
})();`;

/** The CSP source that allows the bridge: 'sha256-…' of the script text. */
export async function formBridgeHash(): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(formBridgeScript));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}
