import { Queues } from './events';
import { JsonCache } from './json';
import { UNICODE_EMOJI } from './emoji';
import { RenderContext, renderMarkdown, Rendered } from './render';
import { State } from './state';
import { Message, User } from './types';
import type { SeedTopic } from './fixtures/longTopic';

export interface ServerOptions {
  port?: number;
  /** Address to listen on (default 127.0.0.1; e.g. 127.0.0.2 for a server that is not "localhost"). */
  host?: string;
  organization?: 'demo' | 'large';
  featureLevel?: number;
  names?: 'chat' | 'zulip';
  rateLimit?: { limit: number; windowSeconds: number } | false;
  /** `event_queue_longpoll_timeout_seconds` (default 90, as Zulip's); an idle poll ends 1 s before it at the latest. */
  longpollTimeoutSeconds?: number;
  queueIdleTimeoutSeconds?: number;
  /**
   * How long an idle `GET /events` waits before its heartbeat. Default: as a real server, 45 s
   * (the minimum heartbeat frequency) plus up to 10 s of jitter, drawn per poll.
   */
  heartbeatSeconds?: number;
  /** Demo organisation: renew the presence of the people online at the start every N seconds (0, the default: never). */
  demoPresenceSeconds?: number;
  /** Demo organisation: Bob types to Alice for a few seconds every N seconds (0, the default: never). */
  demoTypingSeconds?: number;
  /** Tests and the demo: a long conversation seeded at start-up (fixtures/longTopic.ts). */
  seedTopic?: SeedTopic;
  now?: () => number;
  /**
   * Tests: checks each JSON success (the route's method and template, and the body) and returns
   * what is wrong with it; the server then answers 500 with that text instead.
   */
  checkResponse?: (
    method: string,
    template: string,
    body: Record<string, unknown>,
    server: { featureLevel: number; flavor: 'chat' | 'zulip' },
  ) => string | undefined;
}

export type ResolvedOptions = Required<
  Omit<ServerOptions, 'now' | 'checkResponse' | 'seedTopic' | 'heartbeatSeconds'>
> & {
  now: () => number;
  heartbeatSeconds: number | undefined;
  seedTopic?: SeedTopic;
  checkResponse?: ServerOptions['checkResponse'];
};

export function resolveOptions(o: ServerOptions = {}): ResolvedOptions {
  return {
    port: o.port ?? 0,
    host: o.host ?? '127.0.0.1',
    organization: o.organization ?? 'demo',
    featureLevel: o.featureLevel ?? 482,
    names: o.names ?? 'chat',
    rateLimit: o.rateLimit ?? false,
    longpollTimeoutSeconds: o.longpollTimeoutSeconds ?? 90,
    queueIdleTimeoutSeconds: o.queueIdleTimeoutSeconds ?? 600,
    heartbeatSeconds: o.heartbeatSeconds,
    demoPresenceSeconds: o.demoPresenceSeconds ?? 0,
    demoTypingSeconds: o.demoTypingSeconds ?? 0,
    now: o.now ?? (() => Date.now() / 1000),
    checkResponse: o.checkResponse,
    seedTopic: o.seedTopic,
  };
}

/** The running service: state, options, event queues and shared behaviour used by the routes. */
export class ChatServer {
  readonly queues = new Queues(() => Date.now() / 1000);
  url = '';
  /** Seconds added to the clock by `POST /__test__/advance-clock`. */
  clockOffset = 0;
  /** Last payloads posted to each outgoing-webhook bot (for `POST /…-outgoing-webhook`). */
  readonly webhookLog = new Map<number, unknown[]>();
  /** Set by the `replayEvents` fault: the next `GET /events` re-sends acknowledged events too. */
  replayEvents = false;
  /** Requests that carried an Authorization header (tests check that none was sent). */
  credentialedRequests = 0;
  /** Serialised response sections of this server, keyed by the state's version counters. */
  readonly json = new JsonCache();

  constructor(
    readonly state: State,
    readonly opts: ResolvedOptions,
  ) {}

  get fl(): number {
    return this.opts.featureLevel;
  }

  /** Current time in whole seconds. */
  now(): number {
    return Math.floor(this.opts.now() + this.clockOffset);
  }

  /** Spelling of version keys, extra-emoji type and webhook route (see API-NOTES "Names"). */
  get prefix(): 'chat' | 'zulip' {
    return this.opts.names;
  }
  get extraEmojiType(): string {
    return `${this.prefix}_extra_emoji`;
  }

  realmSetting<T = unknown>(name: string): T {
    return this.state.realm.settings[name] as T;
  }

  renderContext(): RenderContext {
    const st = this.state;
    return {
      userByName: (name, id) => {
        if (id !== undefined) {
          const u = st.users.get(id);
          return u && u.isActive ? u : undefined;
        }
        for (const u of st.users.values()) if (u.isActive && u.fullName === name) return u;
        return undefined;
      },
      streamByName: (name) => st.streamsByName.get(name.toLowerCase()),
      linkifiers: st.linkifiers,
      emojiByName: (name) => {
        const custom = [...st.realmEmoji.values()].find((e) => e.name === name && !e.deactivated);
        if (custom) return { url: custom.source_url };
        const code = UNICODE_EMOJI[name];
        return code === undefined ? undefined : { code };
      },
    };
  }

  render(raw: string): Rendered {
    return renderMarkdown(raw, this.renderContext());
  }

  renderedContent(m: Message): string {
    if (m.rendered === undefined) m.rendered = this.render(m.content).html;
    return m.rendered;
  }

  /** Topic name as a client without the empty-topic capability sees it. */
  topicOut(topic: string, allowEmpty: boolean): string {
    return topic === '' && !allowEmpty ? this.realmSetting<string>('empty_topic_display_name') : topic;
  }

  /** Topic as given by a client: `(no topic)` and the display name are read as the empty string. */
  topicIn(topic: string): string {
    const t = topic.trim();
    if (this.fl >= 334 && (t === '(no topic)' || t === this.realmSetting<string>('empty_topic_display_name')))
      return '';
    return t;
  }

  /** Users who currently receive events about a message. */
  messageAudience(m: Message): number[] {
    const st = this.state;
    if (m.type === 'private') return m.dmUsers!;
    const ids = new Set<number>();
    for (const [uid, msgs] of st.userMessages) if (msgs.has(m.id)) ids.add(uid);
    const s = st.streams.get(m.streamId!)!;
    for (const uid of s.subscribers) ids.add(uid);
    return [...ids].filter((id) => {
      const u = st.users.get(id);
      return u !== undefined && st.canAccessMessage(u, m);
    });
  }

  activeUserIds(): number[] {
    return [...this.state.users.values()].filter((u) => u.isActive).map((u) => u.id);
  }

  user(id: number): User {
    return this.state.users.get(id)!;
  }
}
