import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import * as styles from './StatechartPage.css.ts';

/** Copies the page's style sheets into a frame, and those added later (a lazily loaded route's). */
function mirrorStyles(target: Document): () => void {
  const copy = (node: Node) => {
    if (
      node instanceof HTMLStyleElement ||
      (node instanceof HTMLLinkElement && node.rel === 'stylesheet')
    ) {
      target.head.appendChild(node.cloneNode(true));
    }
  };
  for (const node of document.head.querySelectorAll('style, link[rel="stylesheet"]')) copy(node);
  const observer = new MutationObserver((records) => {
    for (const record of records) for (const node of record.addedNodes) copy(node);
  });
  observer.observe(document.head, { childList: true });
  return () => observer.disconnect();
}

/**
 * Renders `children` inside a frame `width` CSS pixels wide, so the app's own screen components
 * lay out (media queries included) as on a device that wide, drawn at `scale`. The frame is
 * inert: it only shows the screen, and the screen's focus handling cannot take focus from the
 * studio. With `fit`, the frame grows to the whole screen's height (`height` at least), as a page
 * scrolled from top to bottom would show it.
 */
export function ScreenFrame({
  width,
  height,
  scale,
  title,
  fit = false,
  children,
}: {
  width: number;
  height: number;
  scale: number;
  title: string;
  fit?: boolean;
  children: ReactNode;
}) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [mount, setMount] = useState<HTMLElement | null>(null);
  const [contentHeight, setContentHeight] = useState(height);
  const shownHeight = fit ? Math.max(height, contentHeight) : height;

  useEffect(() => {
    const doc = frameRef.current?.contentDocument;
    if (doc === null || doc === undefined) return;
    doc.documentElement.lang = document.documentElement.lang || 'en';
    // The screens move focus to their heading on every step: in a frame that only shows a screen,
    // that would take focus (and the scroll position) from the studio.
    const frameWindow = doc.defaultView;
    if (frameWindow !== null) frameWindow.HTMLElement.prototype.focus = () => undefined;
    const stop = mirrorStyles(doc);
    const root = doc.createElement('div');
    doc.body.appendChild(root);
    setMount(root);
    const resize =
      fit && frameWindow !== null
        ? new frameWindow.ResizeObserver(() => setContentHeight(doc.documentElement.scrollHeight))
        : null;
    resize?.observe(root);
    return () => {
      resize?.disconnect();
      stop();
      root.remove();
    };
  }, [fit]);

  return (
    <div className={styles.frameBox}>
      <div
        className={styles.frameClip}
        style={{ width: width * scale, height: shownHeight * scale }}
      >
        <iframe
          ref={frameRef}
          title={title}
          className={styles.frame}
          width={width}
          height={shownHeight}
          inert
          style={{ transform: `scale(${scale})` }}
        />
      </div>
      {mount === null ? null : createPortal(children, mount)}
    </div>
  );
}

/** The `send` of a screen drawn in a frame: it only shows, so what a person does there goes nowhere. */
export const IGNORE_EVENTS = () => undefined;
