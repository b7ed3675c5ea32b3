import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  afterPress,
  carryFromPage,
  dropCarried,
  queueForFlow,
  restoreCarriedFocus,
  takeCarriedChoice,
  takeCarriedSubmit,
  takeQueued,
  watchPresses,
} from './handover.ts';

afterEach(() => {
  document.body.innerHTML = '';
  dropCarried();
  takeQueued();
});

const ROLE_PAGE = `
  <h1 tabindex="-1">Which best describes your role at work?</h1>
  <input type="radio" name="role" id="role-option-0" value="Employee">
  <input type="radio" name="role" id="role-option-1" value="Management">
  <input id="role-goal" value="Run three mornings a week">`;

describe('the hand-over from a first step to the flow', () => {
  it('keeps the first answer only, once', () => {
    expect(queueForFlow({ type: 'category.choose', category: 'work' })).toBe(true);
    expect(queueForFlow({ type: 'category.choose', category: 'school' })).toBe(false);
    expect(takeQueued()).toEqual([{ type: 'category.choose', category: 'work' }]);
    expect(takeQueued()).toEqual([]);
  });

  it('carries the ticked option and the focused field with its caret to the new page', () => {
    document.body.innerHTML = ROLE_PAGE;
    document.querySelector<HTMLInputElement>('#role-option-1')?.click();
    const goal = document.querySelector<HTMLInputElement>('#role-goal');
    goal?.focus();
    goal?.setSelectionRange(4, 9);
    carryFromPage(document);

    // The flow's screen: the same ids in new elements.
    document.body.innerHTML = ROLE_PAGE;
    expect(takeCarriedChoice()).toBe('Management');
    expect(takeCarriedChoice()).toBeNull();
    expect(restoreCarriedFocus(document)).toBe(true);
    const restored = document.activeElement as HTMLInputElement;
    expect(restored.id).toBe('role-goal');
    expect([restored.selectionStart, restored.selectionEnd]).toEqual([4, 9]);
    // Once: the next screen's heading takes the focus as usual.
    expect(restoreCarriedFocus(document)).toBe(false);
  });

  it('carries that the role step was submitted, once, and not a choice of area', () => {
    document.body.innerHTML = ROLE_PAGE;
    queueForFlow({ type: 'role.submit', value: '' });
    carryFromPage(document);
    expect(takeCarriedSubmit()).toBe(true);
    expect(takeCarriedSubmit()).toBe(false);

    takeQueued();
    queueForFlow({ type: 'nav.back' });
    carryFromPage(document);
    expect(takeCarriedSubmit()).toBe(false);
    takeQueued();
    carryFromPage(document);
    expect(takeCarriedSubmit()).toBe(false);
  });

  it('leaves the focus to the heading when the heading had it, or the element is gone', () => {
    document.body.innerHTML = ROLE_PAGE;
    document.querySelector<HTMLElement>('h1')?.focus();
    carryFromPage(document);
    expect(restoreCarriedFocus(document)).toBe(false);

    document.querySelector<HTMLElement>('#role-option-0')?.focus();
    carryFromPage(document);
    document.body.innerHTML = '<h1 tabindex="-1">In which area</h1>';
    expect(restoreCarriedFocus(document)).toBe(false);
  });

  it('waits for a press under way to end, and the task of its click, before the page is replaced', async () => {
    const nextTask = () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(null);
      });
    const stop = watchPresses(window);
    try {
      const run = vi.fn();
      afterPress(run);
      expect(run).toHaveBeenCalledTimes(1);

      const replace = vi.fn();
      window.dispatchEvent(new Event('pointerdown'));
      afterPress(replace);
      await nextTask();
      expect(replace).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('pointerup'));
      // The click comes in this task: not yet.
      expect(replace).not.toHaveBeenCalled();
      await nextTask();
      await nextTask();
      expect(replace).toHaveBeenCalledTimes(1);

      // A key let go while another press has begun: the later press holds it still.
      const later = vi.fn();
      window.dispatchEvent(new Event('keydown'));
      afterPress(later);
      window.dispatchEvent(new Event('keyup'));
      window.dispatchEvent(new Event('pointerdown'));
      await nextTask();
      await nextTask();
      expect(later).not.toHaveBeenCalled();
      window.dispatchEvent(new Event('pointerup'));
      await nextTask();
      await nextTask();
      expect(later).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it('waits too for a press that began before the presses were followed (the browser marks it :active)', async () => {
    document.body.innerHTML = '<a href="/">Go back</a>';
    const link = document.querySelector('a');
    // jsdom keeps no pressed state: the page's answer to ':active' is the browser's, a press on
    // the link.
    const pressed = vi
      .spyOn(document, 'querySelector')
      .mockImplementation((selector: string) => (selector === ':active' ? link : null));
    const stop = watchPresses(window);
    try {
      const replace = vi.fn();
      afterPress(replace);
      expect(replace).not.toHaveBeenCalled();
      pressed.mockReturnValue(null);
      window.dispatchEvent(new Event('pointerup'));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(replace).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      pressed.mockRestore();
    }
  });

  it('holds the page for 3 s at most when a press never ends', () => {
    vi.useFakeTimers();
    const stop = watchPresses(window);
    try {
      const stuck = vi.fn();
      window.dispatchEvent(new Event('pointerdown'));
      afterPress(stuck);
      vi.advanceTimersByTime(2999);
      expect(stuck).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(stuck).toHaveBeenCalledTimes(1);
    } finally {
      stop();
      vi.useRealTimers();
    }
  });
});
