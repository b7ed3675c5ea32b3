// Inline in the <head> of a page whose HTML is drawn before its scripts run (each app's prerender
// puts it there; the server allows it by its hash). A tap that lands before the page's code has
// taken over its HTML is kept, not lost: a control that does nothing without that code (a plain
// button, a form without an action of its own) says the page is getting ready, and the tap is made
// again once the code has taken over (it sends TAKEN_OVER, earlyTaps.ts: the site's root layout
// once hydrated, the tracker's start-up once hydration has begun). A form without an action would
// otherwise be sent by the browser itself, and the page it answers with starts again, empty.
// Controls that work on their own are left to the browser: links, radio buttons, fields, and a
// form that has an action (the site's role step's Continue).
// Plain JavaScript, never bundled, with no import or export: a page's one inline script.
const TAKEN_OVER = 'app:taken-over';
const held = [];
let gettingReady = null;

/** The control a click is for when it does nothing without the page's code, or null. */
function heldControl(target) {
  const control = target instanceof Element ? target.closest('button') : null;
  if (control === null || control.type === 'reset') return null;
  if (control.type === 'submit' && control.form !== null) {
    if (control.hasAttribute('formaction') || control.form.hasAttribute('action')) return null;
  }
  return control;
}

/** The text typed in the control's form, to be given back to the page's code. */
function typedIn(form) {
  if (form === null) return [];
  return [...form.elements]
    .filter((field) =>
      field.matches('input:not([type=radio], [type=checkbox], [type=file]), textarea'),
    )
    .map((field) => [field, field.value]);
}

function hold(event, control, form) {
  event.preventDefault();
  event.stopPropagation();
  const last = held.at(-1);
  // A double tap is one tap.
  if (last === undefined || last.control !== control || last.form !== form) {
    held.push({ control, form, typed: typedIn(form ?? control?.form ?? null) });
  }
  if (gettingReady === null) {
    gettingReady = document.createElement('p');
    gettingReady.setAttribute('role', 'status');
    gettingReady.setAttribute('data-getting-ready', '');
    gettingReady.textContent = 'Getting ready...';
    document.body.append(gettingReady);
  }
}

function onClick(event) {
  const control = heldControl(event.target);
  if (control !== null) hold(event, control, null);
}

function onSubmit(event) {
  const form = event.target;
  if (form.hasAttribute('action') || event.submitter?.hasAttribute('formaction')) return;
  hold(event, null, form);
}

/**
 * Text typed before the code took over, told to it as typing: its fields' state starts empty
 * whatever the page shows, and changes only on an input event whose value differs from the one
 * it last knew (hence the field emptied through its own setter first).
 */
function retype([field, value]) {
  if (!field.isConnected || value === '') return;
  const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value').set;
  field.value = '';
  setValue.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The same element once the page's code has drawn it, if it had to draw it anew. */
const current = (element) =>
  element === null || element.isConnected || element.id === ''
    ? element
    : document.getElementById(element.id);

function replay() {
  removeEventListener('click', onClick, true);
  removeEventListener('submit', onSubmit, true);
  setTimeout(() => {
    gettingReady?.remove();
    for (const { control, form, typed } of held.splice(0)) {
      typed.forEach(retype);
      const button = current(control);
      const submitted = current(form);
      if (button?.isConnected) button.click();
      else if (submitted?.isConnected) submitted.requestSubmit();
    }
  });
}

addEventListener('click', onClick, true);
addEventListener('submit', onSubmit, true);
document.addEventListener(TAKEN_OVER, replay, { once: true });
