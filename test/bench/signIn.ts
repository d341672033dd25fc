import type { RegisterSnapshot } from '../../src/api/events/register';
import { parseResult } from '../../src/api/result';
import { readServerInfo } from '../../src/api/features';
import type { CallContext } from '../../src/api/operation';
import { DEFAULT_CLIENT_CAPABILITIES } from '../../src/api/events/routes';
import type { User } from '../../src/api/users/models';
import { ChatStore } from '../../src/store';
import { LazyUsers } from '../../src/store/lazyUsers';
import { STORE_EVENT_TYPES, STORE_FETCH_EVENT_TYPES } from '../../src/store/session';
import { slimRegisterParams } from '../../src/store/slimRegister';
import type { ServerProcess } from './serverProcess';
import { timePaired, type BenchResult } from './stats';

/** The targets: bytes at sign-in ≤ 25% of the client's request before, parse+validate+build ≤ 1.5× JSON.parse. */
const BYTES_TARGET = 0.25;
const BUILD_TARGET = 1.5;
/** What `npm run demo -- --org large` signs in as (test/server/fixtures/largeMember.ts). */
const HEAVY_MEMBER_ID = 10;

/**
 * The register request the extension sent before slim sign-in (the baseline, measured in the same
 * run against the same server): every avatar URL, no presence limit, the full user list, and the
 * `stream` section among the fetched ones.
 */
function legacyRegisterForm(): Record<string, string> {
  return {
    apply_markdown: 'true',
    client_gravatar: 'false',
    slim_presence: 'true',
    include_subscribers: 'false',
    event_types: JSON.stringify(STORE_EVENT_TYPES),
    fetch_event_types: JSON.stringify([
      ...STORE_EVENT_TYPES,
      'realm_user_groups',
      'recent_private_conversations',
      'muted_users',
    ]),
    client_capabilities: JSON.stringify({
      ...DEFAULT_CLIENT_CAPABILITIES,
      simplified_presence_events: true,
      stream_typing_notifications: true,
    }),
  };
}

/** The register request the session sends now (slimRegisterParams, on a server at feature level 412+). */
export function slimRegisterForm(): Record<string, string> {
  const params = slimRegisterParams(STORE_EVENT_TYPES, STORE_FETCH_EVENT_TYPES);
  const form: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) {
    const value = k === 'client_capabilities' ? { ...DEFAULT_CLIENT_CAPABILITIES, ...(v as object) } : v;
    form[k] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return form;
}

export async function post(url: string, auth: string, path: string, form: Record<string, string>): Promise<string> {
  const res = await fetch(url + '/api/v1' + path, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} failed: ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/**
 * A `/register` body read as the client reads it (`ChatClient.call`: JSON, the server facts it
 * learns from the body, the operation's `normalize` hook and its response schema).
 */
export function parseSnapshot(text: string): RegisterSnapshot {
  const body = JSON.parse(text) as Record<string, unknown>;
  const ctx: CallContext = { route: 'POST /register', server: readServerInfo(body), limits: {} };
  return parseResult('POST /register', body, ctx) as unknown as RegisterSnapshot;
}

/** A `GET /users` body read as the client reads it. */
function parseUsers(text: string): User[] {
  return parseResult('GET /users', JSON.parse(text) as Record<string, unknown>, undefined).members as User[];
}

/**
 * Sign-in to the large organisation as its heavy member: bytes received (the register body plus
 * the users the client then fetches before building), against the request the extension sent
 * before, in the same run; and the cost of parsing, validating and building the store from what
 * was received, against a bare `JSON.parse` of it.
 */
export async function benchSignIn(server: ServerProcess): Promise<BenchResult[]> {
  const account = server.accounts.find((a) => a.userId === HEAVY_MEMBER_ID);
  if (!account) throw new Error(`the large organisation has no user ${HEAVY_MEMBER_ID}`);
  const auth = 'Basic ' + Buffer.from(`${account.email}:${account.apiKey}`).toString('base64');
  const legacy = await post(server.url, auth, '/register', legacyRegisterForm());
  const slim = await post(server.url, auth, '/register', slimRegisterForm());
  const userBodies: string[] = [];
  const fetchUsers = async (ids: readonly number[]): Promise<User[]> => {
    const query = new URLSearchParams({ user_ids: JSON.stringify(ids), client_gravatar: 'true' });
    const res = await fetch(`${server.url}/api/v1/users?${query}`, { headers: { authorization: auth } });
    const text = await res.text();
    if (!res.ok) throw new Error(`GET /users failed: ${res.status} ${text.slice(0, 200)}`);
    userBodies.push(text);
    return parseUsers(text);
  };
  // What the session does: register, fetch the users the sidebar names, build.
  const lazyHost = {
    has: () => false,
    add: () => undefined,
    onError: (e: unknown) => {
      throw e;
    },
  };
  const firstSnapshot = parseSnapshot(slim);
  await new LazyUsers(fetchUsers, lazyHost).completeSnapshot(firstSnapshot);
  const fetchedUsers = userBodies.slice();
  const received = Buffer.byteLength(slim) + fetchedUsers.reduce((n, b) => n + Buffer.byteLength(b), 0);
  const legacyBytes = Buffer.byteLength(legacy);
  const mb = (n: number) => (n / 1e6).toFixed(2);

  const signIn = timePaired(
    () => {
      JSON.parse(slim);
      for (const b of fetchedUsers) JSON.parse(b);
    },
    {
      setup: () => undefined,
      run: () => {
        const snapshot = parseSnapshot(slim);
        const users = fetchedUsers.flatMap(parseUsers);
        snapshot.realm_users = [...(snapshot.realm_users ?? []), ...users];
        new ChatStore().reset(snapshot);
      },
    },
  );
  const jsonParse = signIn.baseline;
  const build = signIn.measured;
  const bytesRatio = received / legacyBytes;
  const buildRatio = signIn.ratio;
  return [
    {
      name: `sign-in as the heavy member: register before slim sign-in (${mb(legacyBytes)} MB; baseline)`,
      value: legacyBytes / 1e6,
      unit: 'MB',
    },
    {
      name: `sign-in as the heavy member: register + ${firstSnapshot.realm_users!.length - parseSnapshot(slim).realm_users!.length} users fetched`,
      value: received / 1e6,
      unit: 'MB',
    },
    {
      name: 'sign-in bytes received / before',
      value: bytesRatio,
      unit: 'x',
      target: `≤ ${BYTES_TARGET}`,
      ok: bytesRatio <= BYTES_TARGET,
    },
    { name: 'sign-in JSON.parse of what was received (baseline)', value: jsonParse, unit: 'ms' },
    { name: 'sign-in parse+validate+build', value: build, unit: 'ms' },
    {
      name: 'sign-in parse+validate+build / JSON.parse',
      value: buildRatio,
      unit: 'x',
      target: `≤ ${BUILD_TARGET}`,
      ok: buildRatio <= BUILD_TARGET,
    },
  ];
}
