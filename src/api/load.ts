/**
 * The client's code, loaded a part at a time. The zod schemas of every operation and event, the
 * compiled parsers and undici are most of what evaluating the extension costs, and nothing drawn at
 * start-up needs them (the side bar draws the saved snapshot with the store alone): so no module
 * the core loads at activation imports them (test/unit/core.test.ts checks the bundle), and
 * whatever needs a client gets its class from `loadClient()`. The core calls it right after it is
 * ready; between parts the event loop turns, so no part holds the thread (the extension host's,
 * shared by every extension) for long. In the bundle each part is a module esbuild evaluates on its
 * first `import()`; in plain Node (tests) `import()` is `require()`.
 */

/** Groups of modules, each a few milliseconds of evaluation; later ones reuse what earlier ones loaded. */
const PARTS: readonly (() => Promise<unknown>)[] = [
  () => import('./enum'), // zod itself, and the compiler of its schemas
  () => import('./messages/models'),
  () => Promise.all([import('./users/models'), import('./channels/models'), import('./realm/models')]),
  () => Promise.all([import('./personal/settings'), import('./personal/models'), import('./events/models')]),
  () => import('./events/register'),
  () => import('./messages/operations'),
  () => Promise.all([import('./channels/operations'), import('./realm/operations'), import('./users/operations')]),
  () => import('./personal/operations'),
  () => Promise.all([import('./operations'), import('./events/parse')]),
  () => import('./transport'),
  () => import('./client'),
];

let loading: Promise<typeof import('./client')> | undefined;

/** The client module, once every part is loaded (the first call starts loading; later calls share it). */
export function loadClient(): Promise<typeof import('./client')> {
  return (loading ??= (async () => {
    for (const part of PARTS) {
      await nextTurn();
      await part();
    }
    return import('./client');
  })());
}

/** Lets the event loop run whatever waits (other extensions, the host's messages) before the next part. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
