// Issue 12 target 5: the retained JS heap of a session with the large organisation is at most
// twice the register body it received. The session runs in a child `node --expose-gc` (memoryChild)
// so a full collection is available however the bench is launched, and nothing of this process
// (the other sections, their buffers) is counted.
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { HEAVY_MEMBER_ID } from '../server/fixtures/largeMember';
import type { MemoryMeasure } from './memoryChild';
import { startServerProcess } from './serverProcess';
import { post, slimRegisterForm } from './signIn';
import type { BenchResult } from './stats';

const RETAINED_TARGET = 2;

export async function benchMemory(): Promise<BenchResult[]> {
  const server = await startServerProcess(['--org', 'large']);
  try {
    // The member `npm run demo -- --org large` signs in as, as the sign-in bench does.
    const account = server.accounts.find((a) => a.userId === HEAVY_MEMBER_ID);
    if (!account) throw new Error(`the large organisation has no user ${HEAVY_MEMBER_ID}`);
    const child = path.join(__dirname, 'memoryChild.js');
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        process.execPath,
        ['--expose-gc', child, server.url, account.email, account.apiKey],
        { maxBuffer: 1 << 20 },
        (error, out, err) => {
          if (error) reject(new Error(`memoryChild failed: ${error.message}\n${err}`));
          else resolve(out);
        },
      );
    });
    const measure = JSON.parse(stdout.trim().split('\n').pop()!) as MemoryMeasure;
    // The register body the session received: the same request (slimRegisterForm is what the
    // session sends to this server), measured here so its text is not in the child's heap.
    const auth = 'Basic ' + Buffer.from(`${account.email}:${account.apiKey}`).toString('base64');
    const registerBytes = Buffer.byteLength(await post(server.url, auth, '/register', slimRegisterForm()));
    const retained = measure.after - measure.before;
    const ratio = retained / registerBytes;
    const mb = (n: number) => n / 1e6;
    return [
      {
        name: `memory: register body received (${measure.channels} channels, ${measure.users} users in the store)`,
        value: mb(registerBytes),
        unit: 'MB',
      },
      { name: 'memory: heap used before sign-in (after gc)', value: mb(measure.before), unit: 'MB' },
      { name: 'memory: heap used with the session live (after gc)', value: mb(measure.after), unit: 'MB' },
      { name: 'memory: retained heap', value: mb(retained), unit: 'MB' },
      {
        name: 'memory: retained heap / register body',
        value: ratio,
        unit: 'x',
        target: `<= ${RETAINED_TARGET}x`,
        ok: ratio <= RETAINED_TARGET,
      },
    ];
  } finally {
    server.stop();
  }
}
