// The memory bench's measuring process, run by memory.ts as `node --expose-gc memoryChild.js
// <realm> <email> <apiKey>` (so gc is there however the bench was launched): the JS heap in use
// after a full collection, before sign-in and after it with the session kept alive, signed in the
// way the extension does it (a ChatClient and a ChatSession: register, lazily fetched users, the
// store built, the event queue and presence pinger running). Prints one JSON line.
import { ChatClient } from '../../src/api';
import { ChatSession } from '../../src/store/session';

export interface MemoryMeasure {
  /** heapUsed (bytes) after a full collection, with the code loaded and before sign-in. */
  before: number;
  /** The same with the session live. */
  after: number;
  /** Objects of the large organisation in the store, to show the session is the large one. */
  channels: number;
  users: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** heapUsed after full collections (a few: finalisers and weak references free more on the next). */
async function settledHeap(): Promise<number> {
  if (!gc) throw new Error('run with node --expose-gc');
  for (let i = 0; i < 4; i++) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return process.memoryUsage().heapUsed;
}

async function main(): Promise<void> {
  const [realmUrl, email, apiKey] = process.argv.slice(2);
  if (!realmUrl || !email || !apiKey) throw new Error('usage: memoryChild.js <realm> <email> <apiKey>');
  const before = await settledHeap();
  const client = new ChatClient({ realmUrl, email, apiKey, timeoutMs: 120_000 });
  const session = new ChatSession(client);
  await session.start();
  const after = await settledHeap();
  const measure: MemoryMeasure = {
    before,
    after,
    channels: [...session.store.channels()].length,
    users: session.store.users().length,
  };
  process.stdout.write(JSON.stringify(measure) + '\n');
  await session.stop();
  session.dispose();
  await client.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
