import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAKEN_OVER, useTakenOver } from './earlyTaps.ts';

/** The script as the prerendered pages carry it (the apps' prerender steps read this file). */
const script = readFileSync(join(import.meta.dirname, 'early-taps.js'), 'utf8');

/** Runs the early-taps script as a page's <head> does, in this test's window. */
function runScript() {
  new Function('addEventListener', 'removeEventListener', script)(
    window.addEventListener.bind(window),
    window.removeEventListener.bind(window),
  );
}

/** What the root layout does once hydrated; the script's replay comes in a task after it. */
async function takeOver() {
  document.dispatchEvent(new Event(TAKEN_OVER));
  await new Promise((resolve) => setTimeout(resolve));
}

const gettingReady = () => document.querySelector('[data-getting-ready]');

afterEach(async () => {
  // Whatever a test left held is let go, and the script's listeners with it.
  await takeOver();
  document.body.replaceChildren();
});

/** A page's HTML before its code has run: its elements, with no handlers yet. */
function page(html: string) {
  document.body.innerHTML = `<div id="root">${html}</div>`;
}

describe('the early-taps script, before the page has been taken over', () => {
  it('holds a tap on a plain button, says the page is getting ready, and taps it again once taken over', async () => {
    page('<button type="button" id="menu">Menu</button>');
    runScript();
    const button = document.getElementById('menu') as HTMLButtonElement;
    button.click();
    // The page's code comes: the handler is on the button now.
    const onClick = vi.fn();
    button.addEventListener('click', onClick);
    expect(gettingReady()).toHaveAttribute('role', 'status');
    expect(gettingReady()).toHaveTextContent('Getting ready...');
    expect(onClick).not.toHaveBeenCalled();
    await takeOver();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(gettingReady()).toBeNull();
  });

  it('submits a form without an action of its own again, with the text typed given back as typing, a double tap once', async () => {
    page(
      '<form novalidate><input id="email" type="email" value=""><button type="submit">Resend</button></form>',
    );
    runScript();
    const form = document.querySelector('form') as HTMLFormElement;
    const field = document.getElementById('email') as HTMLInputElement;
    const button = form.querySelector('button') as HTMLButtonElement;
    field.value = 'ana@example.com';
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    button.click();
    button.click();
    expect(submitted).not.toHaveBeenCalled();
    // The page's code: it starts with an empty field whatever the page shows, as React does.
    let typed = '';
    field.addEventListener('input', () => {
      typed = field.value;
    });
    await takeOver();
    expect(typed).toBe('ana@example.com');
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('holds a submission made with Enter in a form that has no submit button', async () => {
    page('<form novalidate><input id="goal"></form>');
    runScript();
    const form = document.querySelector('form') as HTMLFormElement;
    const submitted = vi.fn((event: Event) => event.preventDefault());
    const early = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(early);
    expect(early.defaultPrevented).toBe(true);
    form.addEventListener('submit', submitted);
    await takeOver();
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it("leaves what works without the page's code to the browser: a form with an action, a link", async () => {
    page(
      '<form action="/onboarding/work/role" method="get"><button type="submit">Continue</button></form><a href="/api-test?tab=status" role="tab">API Status</a>',
    );
    runScript();
    const clicks: Event[] = [];
    const submits: Event[] = [];
    document.addEventListener('click', (event) => clicks.push(event));
    document.addEventListener('submit', (event) => {
      submits.push(event);
      event.preventDefault();
    });
    (document.querySelector('button') as HTMLButtonElement).click();
    (document.querySelector('a') as HTMLAnchorElement).addEventListener('click', (event) =>
      event.preventDefault(),
    );
    (document.querySelector('a') as HTMLAnchorElement).click();
    expect(clicks).toHaveLength(2);
    expect(submits).toHaveLength(1);
    expect(gettingReady()).toBeNull();
  });

  it('holds nothing once the page has been taken over', async () => {
    page('<button type="button" id="menu">Menu</button>');
    runScript();
    await takeOver();
    const onClick = vi.fn();
    const button = document.getElementById('menu') as HTMLButtonElement;
    button.addEventListener('click', onClick);
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(gettingReady()).toBeNull();
  });
});

/** The root layout's part in it. */
function Root() {
  useTakenOver();
  return null;
}

describe('useTakenOver', () => {
  it('tells the early-taps script once the component has been committed', () => {
    const told = vi.fn();
    document.addEventListener(TAKEN_OVER, told);
    render(<Root />);
    document.removeEventListener(TAKEN_OVER, told);
    expect(told).toHaveBeenCalledTimes(1);
    expect(script).toContain(`const TAKEN_OVER = '${TAKEN_OVER}'`);
  });
});
