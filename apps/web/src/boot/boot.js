// The one script a prerendered page that is read carries (scripts/prerender.mjs puts it inline in
// the page's <head>, allowed by its hash). The page's HTML is complete and styled, so the first
// paint needs no script: this asks for the page's scripts once that paint is done, all at once
// (the entry and every chunk it imports, listed in the page's <meta name="app-scripts">), so the
// browser neither runs the app before drawing the HTML nor finds the chunks one import at a time.
// A hidden page (opened in a background tab) is not painted: it loads them at once.
// A tap that lands before the page's code has taken over its HTML is kept, not lost: a control
// that does nothing without that code (a plain button, a form without an action of its own) says
// the page is getting ready, and the tap is made again once the code has taken over (it sends
// TAKEN_OVER, src/boot/earlyTaps.ts). Controls that work on their own are left to the browser:
// links, radio buttons, fields, and a form that has an action (the role step's Continue).
const TAKEN_OVER = 'app:taken-over';
// An area card is a form with no fields: sent before the page's code ran, it leaves an empty query
// ("/onboarding/work/role?"). The address is given back without it, as a link would have made it.
if (location.search === '' && location.href.split('#')[0].endsWith('?')) {
  history.replaceState(history.state, '', location.pathname + location.hash);
}
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

const scripts = document.querySelector('meta[name="app-scripts"]')?.content.split(' ') ?? [];

function load() {
  const [entry, ...chunks] = scripts;
  if (!entry) return;
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

let asked = false;
function start() {
  if (asked) return;
  asked = true;
  load();
}

if (document.visibilityState === 'hidden') start();
else if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  // The browser reports the first contentful paint once it is on screen. A frame's animation
  // callbacks run before its paint is even recorded, and a task queued from one can still come
  // before the paint is shown: the scripts then arrive first, and the paint counts as theirs.
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    setTimeout(start);
  }).observe({ type: 'paint', buffered: true });
  // A page sent to the background before it was painted will not be painted: load at once.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') start();
  });
  // A page that paints nothing contentful gets its scripts once it has loaded and settled.
  addEventListener('load', () => setTimeout(start, 3000));
} else {
  // No paint timing: a task queued from a frame's animation callback runs after that frame's paint.
  requestAnimationFrame(() => setTimeout(start));
}
