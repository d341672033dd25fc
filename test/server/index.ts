import { IncomingMessage, ServerResponse } from 'node:http';
import { ChatServer, resolveOptions, ServerOptions } from './core';
import { keepDemoPresence } from './demoPresence';
import { demoTypist } from './demoTyping';
import { buildDemo } from './fixtures/demo';
import { buildLarge } from './fixtures/large';
import { seedTopic } from './fixtures/longTopic';
import { Fault, HttpFront, sendJson } from './http';
import { ApiError } from './errors';
import { checkTopic, sendMessage } from './messaging';
import { deleteRoutes } from './routes/delete';
import { draftRoutes } from './routes/drafts';
import { editRoutes } from './routes/edit';
import { flagRoutes } from './routes/flags';
import { messageRoutes } from './routes/messages';
import { reportRoutes } from './routes/report';
import { personalRoutes } from './routes/personal';
import { realmRoutes, uploadBytes } from './routes/realm';
import { registerRoutes } from './routes/register';
import { settingsRoutes } from './routes/settings';
import { streamRoutes } from './routes/streams';
import { channelPermissionRoutes } from './routes/channelPermissions';
import { streamUpdateRoutes } from './routes/streamUpdate';
import { subscriptionRoutes } from './routes/subscriptions';
import { typingRoutes } from './routes/typing';
import { playgroundRoutes } from './routes/playgrounds';
import { channelFolderRoutes } from './routes/channelFolders';
import { userRoutes } from './routes/users';
import { mutedUserRoutes } from './routes/mutedUsers';
import { deliverDue } from './scheduler';
import { State } from './state';
import { ROLE } from './types';
import { contentTypeOf, serveBotAvatar, serveEmojiImage } from './images';

export type { ServerOptions } from './core';
export type { Fault } from './http';

export interface Account {
  email: string;
  apiKey: string;
  userId: number;
  role: number;
  fullName: string;
}

export interface RunningServer {
  /** Realm URL, e.g. http://127.0.0.1:PORT (API under /api/v1). */
  url: string;
  /** Human accounts and bots with API keys (system bots excluded). */
  accounts: Account[];
  stop(): Promise<void>;
  /** Queue a fault for the next matching request(s). */
  inject(fault: Fault): void;
  /** Drops every queued fault (the server is "up" again). */
  clearFaults(): void;
  /** Requests held by `hang` faults that are still open (the client has not given up yet). */
  hungRequests(): number;
  /** Invalidate every event queue (next GET /events → 400 BAD_EVENT_QUEUE_ID). */
  expireQueues(): void;
  /** Move the server clock forward (seconds), e.g. to pass edit time limits. */
  advanceClock(seconds: number): void;
  /** The in-memory state, for white-box assertions. */
  state: State;
  /** The service object (options, queues, helpers). */
  server: ChatServer;
}

function accountsOf(srv: ChatServer, limit: number): Account[] {
  const out: Account[] = [];
  for (const u of srv.state.users.values()) {
    if (u.isSystemBot) continue;
    out.push({ email: u.deliveryEmail, apiKey: u.apiKey, userId: u.id, role: u.role, fullName: u.fullName });
    if (out.length >= limit) break;
  }
  return out;
}

/** Start the local chat server (the stand-in for a real Zulip-compatible service). */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const opts = resolveOptions(options);
  const state = new State();
  const srv = new ChatServer(state, opts);
  if (opts.organization === 'large') buildLarge(srv);
  else buildDemo(srv);
  if (opts.seedTopic) seedTopic(srv, opts.seedTopic);

  const routes = [
    ...registerRoutes,
    ...mutedUserRoutes,
    ...flagRoutes,
    ...messageRoutes,
    ...reportRoutes,
    ...editRoutes,
    ...deleteRoutes,
    ...typingRoutes,
    ...userRoutes.filter((r) => !r.path.includes('{email}')),
    ...subscriptionRoutes,
    ...streamRoutes,
    ...userRoutes.filter((r) => r.path.includes('{email}')),
    ...settingsRoutes,
    ...personalRoutes,
    ...draftRoutes,
    ...realmRoutes(srv),
    ...playgroundRoutes,
    ...channelFolderRoutes,
    ...channelPermissionRoutes,
    ...streamUpdateRoutes,
  ];
  const front = new HttpFront(srv, routes);
  const accountLimit = opts.organization === 'large' ? 50 : Infinity;

  const controls = {
    inject: (f: Fault) => front.faults.push({ ...f, times: f.times ?? 1 }),
    clearFaults: () => void front.faults.splice(0),
    expireQueues: () => srv.queues.expireAll(),
    advanceClock: (s: number) => {
      srv.clockOffset += s;
      deliverDue(srv);
    },
  };
  front.testControls = async (method, path, body) => {
    let json: Record<string, unknown>;
    try {
      json = body ? JSON.parse(body) : {};
    } catch {
      return { status: 400, json: { result: 'error', msg: 'Invalid JSON', code: 'INVALID_JSON' } };
    }
    const ok = { status: 200, json: { result: 'success', msg: '' } };
    if (method === 'POST' && path === '/__test__/fault') {
      controls.inject(json as unknown as Fault);
      return ok;
    }
    if (method === 'POST' && path === '/__test__/clear-faults') {
      controls.clearFaults();
      return ok;
    }
    if (method === 'POST' && path === '/__test__/down') {
      // A stopped server (the process gone, its state kept, as a restart keeps the database): once
      // this answer is out, nothing listens on the port (connections refused) for `seconds`.
      const seconds = Number(json.seconds);
      if (!(seconds > 0))
        return { status: 400, json: { result: 'error', msg: 'Expected seconds > 0', code: 'BAD_REQUEST' } };
      setImmediate(() => void down(seconds));
      return ok;
    }
    if (method === 'POST' && path === '/__test__/expire-queues') {
      controls.expireQueues();
      return ok;
    }
    if (method === 'POST' && path === '/__test__/advance-clock') {
      controls.advanceClock(Number(json.seconds ?? 0));
      return ok;
    }
    if (method === 'POST' && path === '/__test__/bot-url') {
      const bot = state.userByAnyEmail(String(json.botEmail ?? ''));
      if (!bot || bot.botType !== 3)
        return { status: 400, json: { result: 'error', msg: 'No such outgoing webhook bot', code: 'BAD_REQUEST' } };
      bot.botUrl = String(json.url);
      return ok;
    }
    if (method === 'POST' && path === '/__test__/raw-message') {
      // What a compromised or malicious server can send: `html` stored as the rendered content
      // as it is (no Markdown, no escaping), with harmless raw content; a normal `message` event.
      const sender = state.userByAnyEmail(String(json.senderEmail ?? ''));
      const stream = state.streams.get(Number(json.streamId));
      if (!sender || !stream || typeof json.html !== 'string' || typeof json.topic !== 'string') {
        return {
          status: 400,
          json: { result: 'error', msg: 'Expected senderEmail, streamId, topic and html', code: 'BAD_REQUEST' },
        };
      }
      try {
        const topic = checkTopic(srv, json.topic, true);
        const raw =
          typeof json.content === 'string' ? json.content : 'A message whose HTML came from /__test__/raw-message.';
        const m = sendMessage(srv, sender, { type: 'stream', stream, topic }, raw, {
          html: json.html,
          skipChecks: true,
        });
        return { status: 200, json: { result: 'success', msg: '', id: m.id } };
      } catch (error) {
        if (error instanceof ApiError)
          return { status: error.status, json: { result: 'error', msg: error.message, code: error.code } };
        throw error;
      }
    }
    if (method === 'POST' && path === '/__test__/profile-field') {
      // A custom profile field whose rendered_value is `renderedValue` as it is (see raw-message).
      const user = state.userByAnyEmail(String(json.userEmail ?? ''));
      const fieldId = Number(json.fieldId);
      if (!user || !Number.isInteger(fieldId) || typeof json.renderedValue !== 'string') {
        return {
          status: 400,
          json: { result: 'error', msg: 'Expected userEmail, fieldId and renderedValue', code: 'BAD_REQUEST' },
        };
      }
      const entry = {
        value: typeof json.value === 'string' ? json.value : 'A field whose HTML came from /__test__/profile-field.',
        rendered_value: json.renderedValue,
      };
      user.profileData[fieldId] = entry;
      state.usersVersion++;
      srv.queues.send(srv.activeUserIds(), 'realm_user', {
        type: 'realm_user',
        op: 'update',
        person: { user_id: user.id, custom_profile_field: { id: fieldId, ...entry } },
      });
      return ok;
    }
    if (method === 'GET' && path === '/__test__/stats') {
      // What would change if anything were sent, edited, reacted to or scheduled (tests that check nothing was).
      const all = [...state.messages.values()];
      const stats = {
        messages: all.length,
        reactions: all.reduce((n, m) => n + m.reactions.length, 0),
        edits: all.reduce((n, m) => n + m.editHistory.length, 0),
        scheduled: state.scheduled.size,
      };
      return { status: 200, json: { result: 'success', msg: '', ...stats } };
    }
    if (method === 'GET' && path === '/__test__/accounts')
      return {
        status: 200,
        json: { result: 'success', msg: '', url: srv.url, accounts: accountsOf(srv, accountLimit) },
      };
    return { status: 404, json: { result: 'error', msg: 'Not Found', code: 'NOT_FOUND' } };
  };
  front.rawPaths = async (req, res, path) =>
    serveEmojiImage(srv, req, res, path) || serveBotAvatar(srv, req, res, path) || serveUpload(srv, req, res, path);

  let http = await front.listen(opts.port, opts.host);
  const addr = http.address();
  const port = typeof addr === 'object' && addr ? addr.port : opts.port;
  /** Stops listening (open connections closed) for `seconds`, then listens on the same port again. */
  const down = async (seconds: number): Promise<void> => {
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeAllConnections();
    await closed;
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    if (!stopped) http = await front.listen(port, opts.host);
  };
  let stopped = false;
  srv.url = `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${port}`;
  const tick = setInterval(() => deliverDue(srv), 1000);
  tick.unref();
  const gc = setInterval(
    () => srv.queues.gc(opts.queueIdleTimeoutSeconds),
    Math.min(10_000, opts.queueIdleTimeoutSeconds * 500),
  );
  gc.unref();
  const stopPresence =
    opts.organization === 'demo' && opts.demoPresenceSeconds > 0
      ? keepDemoPresence(srv, opts.demoPresenceSeconds)
      : () => {};
  const stopTyping =
    opts.organization === 'demo' && opts.demoTypingSeconds > 0 ? demoTypist(srv, opts.demoTypingSeconds) : () => {};

  return {
    url: srv.url,
    accounts: accountsOf(srv, accountLimit),
    state,
    server: srv,
    ...controls,
    hungRequests: () => front.hung.size,
    stop: () =>
      new Promise<void>((resolve) => {
        stopped = true;
        clearInterval(tick);
        clearInterval(gc);
        stopPresence();
        stopTyping();
        srv.queues.expireAll();
        http.close(() => resolve());
        http.closeAllConnections();
      }),
  };
}

/** `/user_uploads/<path_id>` (Basic auth) and `/user_uploads/temporary/...` downloads. */
async function serveUpload(srv: ChatServer, req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
  if (!path.startsWith('/user_uploads/') || req.method !== 'GET') return false;
  const pathId = decodeURIComponent(path.slice('/user_uploads/'.length));
  const a = [...srv.state.attachments.values()].find((x) => x.pathId === pathId);
  const m = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '');
  const [email, key] = m ? Buffer.from(m[1], 'base64').toString('utf8').split(/:(.*)/s) : ['', ''];
  const user = srv.state.userByAnyEmail(email);
  if (!user || user.apiKey !== key || !user.isActive) {
    sendJson(res, 401, {
      result: 'error',
      msg: 'Not logged in: API authentication or user session required',
      code: 'UNAUTHORIZED',
    });
    return true;
  }
  const visible =
    a &&
    (a.ownerId === user.id ||
      [...a.messageIds].some((id) => {
        const msg = srv.state.messages.get(id);
        return msg !== undefined && srv.state.canAccessMessage(user, msg);
      }));
  if (!a || !visible) {
    sendJson(res, 404, { result: 'error', msg: 'File not found', code: 'BAD_REQUEST' });
    return true;
  }
  const bytes = uploadBytes.get(pathId) ?? Buffer.from(`fake contents of ${a.name}\n`);
  const type = contentTypeOf(a.name);
  res.writeHead(200, {
    'Content-Type': type,
    'Content-Length': bytes.length,
    'Content-Disposition': contentDisposition(
      type.startsWith('image/') && type !== 'image/svg+xml' ? 'inline' : 'attachment',
      a.name,
    ),
  });
  res.end(bytes);
  return true;
}

/** As Django's `content_disposition_header`: a quoted ASCII name, else RFC 5987's `filename*`. */
function contentDisposition(kind: string, name: string): string {
  if (/^[\x20-\x7e]*$/.test(name)) return `${kind}; filename="${name.replace(/[\\"]/g, '\\$&')}"`;
  return `${kind}; filename*=utf-8''${encodeURIComponent(name)}`;
}

export { ROLE };
