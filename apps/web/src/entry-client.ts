// The page's entry (index.html). It evaluates the start-up's modules a group at a time, each in a
// task of its own: React DOM with the router's library (the framework chunk), then the app
// (src/boot/main.tsx, which hydrates the page or renders it). Evaluated in one go they made one
// task several times the 50 ms a phone's main thread may stay busy before a tap has to wait. The
// page asks for every group at once (a prerendered page's listed scripts, the shell's
// modulepreloads, both written by scripts/prerender.mjs): each import here mostly runs its chunk.

/** Lets the browser handle input and paint before the next group runs. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

import('react-dom/client').then(nextTask).then(() => import('./boot/main.tsx'));
