// Archived channels and topics policies (issue 27 items 2 and 3): the client's pure rules at each
// boundary and feature-level gate (at the level and one below), and the local server's refusals in
// the real server's shapes, over real HTTP.
import { strict as assert } from 'node:assert';
import type { ChatClient } from '../../../src/api';
import { FL } from '../../../src/api/features';
import { addReaction, deleteMessage, sendMessage, updateMessage } from '../../../src/api/messages/routes';
import { parseEvent } from '../../../src/api/events/parse';
import { ChatSession, ChatStore } from '../../../src/store';
import {
  archivedRefusal,
  channelTopicsPolicy,
  realmTopicsPolicy,
  topicBox,
  topicRefusal,
  topicsPolicyOf,
  writeRefusal,
  writeRefusalOf,
} from '../../../src/store/channelPolicy';
import { ownSnapshot } from '../support/synthetic';
import { byEmail, clientFor, withServer, type RunningServer } from '../support/server';
import { apiError, refused } from '../support/errors';
import { offlineClient } from '../support/offline';

const NAME = 'general chat';

describe('channel policy: archived channels and topics policies', () => {
  describe('the rules (src/store/channelPolicy.ts)', () => {
    it('reads the realm default from realm_topics_policy at FL.topicsPolicy, from realm_mandatory_topics one below', () => {
      assert.equal(FL.topicsPolicy, 392);
      const at = FL.topicsPolicy;
      assert.equal(
        realmTopicsPolicy({ topics_policy: 'disable_empty_topic', mandatory_topics: false }, at),
        'disable_empty_topic',
      );
      assert.equal(
        realmTopicsPolicy({ topics_policy: 'disable_empty_topic', mandatory_topics: false }, at - 1),
        'allow_empty_topic',
      );
      assert.equal(
        realmTopicsPolicy({ topics_policy: 'allow_empty_topic', mandatory_topics: true }, at),
        'allow_empty_topic',
        'the new setting wins',
      );
      assert.equal(realmTopicsPolicy({ mandatory_topics: true }, at - 1), 'disable_empty_topic');
      assert.equal(realmTopicsPolicy({}, at - 1), 'allow_empty_topic');
      assert.equal(
        realmTopicsPolicy({ topics_policy: 'something_new' }, at),
        'allow_empty_topic',
        'an unknown value: the server default',
      );
    });

    it("takes the channel's own topics_policy from FL.topicsPolicy, empty_topic_only from FL.emptyTopicOnly; inherit or unknown: the realm's", () => {
      assert.equal(FL.emptyTopicOnly, 404);
      const strict = { topics_policy: 'disable_empty_topic' };
      assert.equal(
        channelTopicsPolicy({ topics_policy: 'empty_topic_only' }, {}, FL.emptyTopicOnly),
        'empty_topic_only',
      );
      assert.equal(
        channelTopicsPolicy({ topics_policy: 'empty_topic_only' }, {}, FL.emptyTopicOnly - 1),
        'allow_empty_topic',
      );
      assert.equal(
        channelTopicsPolicy({ topics_policy: 'empty_topic_only' }, strict, FL.emptyTopicOnly - 1),
        'disable_empty_topic',
      );
      assert.equal(
        channelTopicsPolicy({ topics_policy: 'allow_empty_topic' }, strict, FL.topicsPolicy),
        'allow_empty_topic',
      );
      assert.equal(
        channelTopicsPolicy({ topics_policy: 'allow_empty_topic' }, { mandatory_topics: true }, FL.topicsPolicy - 1),
        'disable_empty_topic',
      );
      assert.equal(
        channelTopicsPolicy({ topics_policy: 'disable_empty_topic' }, {}, FL.topicsPolicy),
        'disable_empty_topic',
      );
      assert.equal(channelTopicsPolicy({ topics_policy: 'inherit' }, strict, FL.topicsPolicy), 'disable_empty_topic');
      assert.equal(channelTopicsPolicy({ topics_policy: 'other' }, strict, FL.topicsPolicy), 'disable_empty_topic');
      assert.equal(channelTopicsPolicy(undefined, {}, FL.topicsPolicy), 'allow_empty_topic');
    });

    it('asks for a topic (required), lets it be empty (optional) or asks nothing (hidden: general chat only)', () => {
      assert.equal(topicBox('disable_empty_topic'), 'required');
      assert.equal(topicBox('allow_empty_topic'), 'optional');
      assert.equal(topicBox('empty_topic_only'), 'hidden');
    });

    it('refuses the empty topic (every spelling) where a topic is required, and any named topic where only general chat is allowed', () => {
      for (const empty of ['', '   ', '(no topic)', NAME, ` ${NAME} `]) {
        assert.match(topicRefusal('disable_empty_topic', empty, NAME) ?? '', /requires a topic/, JSON.stringify(empty));
        assert.equal(topicRefusal('empty_topic_only', empty, NAME), undefined, JSON.stringify(empty));
        assert.equal(topicRefusal('allow_empty_topic', empty, NAME), undefined);
      }
      for (const named of ['a', `${NAME}!`, '(no topic) x']) {
        assert.equal(topicRefusal('disable_empty_topic', named, NAME), undefined, named);
        assert.match(
          topicRefusal('empty_topic_only', named, NAME) ?? '',
          /Only the “general chat” topic is allowed/,
          named,
        );
        assert.equal(topicRefusal('allow_empty_topic', named, NAME), undefined);
      }
    });

    it('refuses every write to an archived channel first, with its name; an active channel is writable', () => {
      assert.equal(archivedRefusal({ is_archived: false, name: 'x' }), undefined);
      assert.equal(archivedRefusal(undefined), undefined);
      assert.match(archivedRefusal({ is_archived: true, name: 'old' }) ?? '', /^#old is archived/);
      assert.match(
        writeRefusal({ is_archived: true, name: 'old', topics_policy: 'empty_topic_only' }, 'named', {}, 482, NAME) ??
          '',
        /archived/,
      );
      assert.match(writeRefusal({ topics_policy: 'empty_topic_only' }, 'named', {}, 482, NAME) ?? '', /Only the/);
      assert.equal(writeRefusal({ topics_policy: 'empty_topic_only' }, '', {}, 482, NAME), undefined);
    });

    it('the API layer leaves the empty topic to the channel once realm_topics_policy is known', async () => {
      const limits = { maxTopicLength: 60, emptyTopicDisplayName: NAME, mandatoryTopics: true };
      await refused(
        sendMessage(offlineClient({ limits }), { type: 'stream', to: 1, topic: '', content: 'x' }),
        'topic',
      );
      // With topics policies the request reaches the server (nothing listens here: a network error, not a refusal).
      const sent = await sendMessage(offlineClient({ limits: { ...limits, topicsPolicy: 'disable_empty_topic' } }), {
        type: 'stream',
        to: 1,
        topic: '',
        content: 'x',
      }).then(
        () => 'sent',
        (e: unknown) => (e instanceof Error ? e.constructor.name : 'other'),
      );
      assert.notEqual(sent, 'ValidationError');
    });
  });

  it('follows topics_policy live: a stream update event and the realm update_dict', () => {
    const store = new ChatStore();
    const sub = {
      stream_id: 5,
      name: 'chat',
      color: '#fff',
      is_muted: false,
      pin_to_top: false,
      topics_policy: 'inherit',
    };
    store.reset(
      ownSnapshot({
        chat_feature_level: FL.emptyTopicOnly,
        subscriptions: [sub],
        realm_topics_policy: 'allow_empty_topic',
      }),
    );
    const apply = (e: Record<string, unknown>): void => {
      const parsed = parseEvent({ id: 1, ...e });
      if (!parsed.ok) throw parsed.error;
      store.apply([parsed.event]);
    };
    assert.equal(topicsPolicyOf(store, 5), 'allow_empty_topic');
    apply({ type: 'realm', op: 'update_dict', property: 'default', data: { topics_policy: 'disable_empty_topic' } });
    assert.equal(topicsPolicyOf(store, 5), 'disable_empty_topic', 'the realm default, inherited');
    apply({
      type: 'stream',
      op: 'update',
      stream_id: 5,
      name: 'chat',
      property: 'topics_policy',
      value: 'empty_topic_only',
    });
    assert.equal(topicsPolicyOf(store, 5), 'empty_topic_only');
    assert.match(writeRefusalOf(store, 5, 'named') ?? '', /Only the/);
    apply({ type: 'stream', op: 'update', stream_id: 5, name: 'chat', property: 'is_archived', value: true });
    assert.match(writeRefusalOf(store, 5, '') ?? '', /archived/);
  });

  describe('the local server and the store (demo organisation)', () => {
    const servers = withServer({}, 'none');
    const clients: ChatClient[] = [];
    const sessions: ChatSession[] = [];
    after(async () => {
      for (const s of sessions) await s.stop();
      for (const c of clients) await c.close();
    });
    async function start(
      featureLevel: number,
    ): Promise<{ server: RunningServer; alice: ChatClient; ids: Map<string, number> }> {
      const server = (await servers.start({ featureLevel, longpollTimeoutSeconds: 2 })).server;
      const alice = clientFor(server, byEmail(server, 'alice'));
      clients.push(alice);
      const ids = new Map([...server.state.streams.values()].map((s) => [s.name, s.id]));
      return { server, alice, ids };
    }
    const error = (e: unknown): { code?: unknown; msg?: unknown; httpStatus?: unknown } => e as never;

    it('refuses named topics in a general-chat channel and the empty topic where topics are required, with the real errors', async function () {
      this.timeout(30_000);
      const { server, alice, ids } = await start(482);
      const watercooler = ids.get('watercooler')!;
      const e1 = await apiError(
        sendMessage(alice, { type: 'stream', to: watercooler, topic: 'lunch', content: 'hi' }),
        'TOPICS_NOT_ALLOWED',
        400,
      );
      assert.equal(error(e1).msg ?? e1.message, 'Only the general chat topic is allowed in this channel.');
      const { id } = await sendMessage(alice, { type: 'stream', to: watercooler, topic: '', content: 'no topic here' });
      assert.equal(server.state.messages.get(id)!.topic, '');
      await sendMessage(alice, {
        type: 'stream',
        to: watercooler,
        topic: NAME,
        content: 'the display name is the empty topic',
      });
      // A topic required by the channel (disable_empty_topic), in an organisation that allows the empty topic.
      const eng = server.state.streams.get(ids.get('engineering')!)!;
      eng.topicsPolicy = 'disable_empty_topic';
      const e2 = await apiError(
        sendMessage(alice, { type: 'stream', to: eng.id, topic: '', content: 'x' }),
        'TOPICS_REQUIRED',
        400,
      );
      assert.equal(
        error(e2).msg ?? e2.message,
        'Sending messages to the general chat topic is not allowed in this channel.',
      );
      await apiError(
        sendMessage(alice, { type: 'stream', to: eng.id, topic: '(no topic)', content: 'x' }),
        'TOPICS_REQUIRED',
        400,
      );
      // Moving a named topic into the general-chat channel is refused as sending there is.
      const { id: named } = await sendMessage(alice, { type: 'stream', to: eng.id, topic: 'to move', content: 'x' });
      await apiError(
        updateMessage(alice, { message_id: named, stream_id: watercooler, propagate_mode: 'change_one' }),
        'TOPICS_NOT_ALLOWED',
        400,
      );
      eng.topicsPolicy = 'inherit';
    });

    it('sends topics_policy and realm_topics_policy from FL 392 (empty_topic_only from 404); one below, neither and no refusal', async function () {
      this.timeout(30_000);
      for (const [level, policy, realm] of [
        [404, 'empty_topic_only', 'allow_empty_topic'],
        [403, 'inherit', 'allow_empty_topic'],
        [392, 'inherit', 'allow_empty_topic'],
        [391, undefined, undefined],
      ] as const) {
        const { alice, ids } = await start(level);
        const reg = (await alice.call('POST /register', { fetch_event_types: ['subscription', 'realm'] })) as Record<
          string,
          unknown
        >;
        const sub = (reg.subscriptions as Record<string, unknown>[]).find((s) => s.name === 'watercooler')!;
        assert.equal(sub.topics_policy, policy, `FL ${level}`);
        assert.equal(reg.realm_topics_policy, realm, `FL ${level}`);
        const named = sendMessage(alice, {
          type: 'stream',
          to: ids.get('watercooler')!,
          topic: 'lunch',
          content: 'hi',
        });
        if (level >= 404) await apiError(named, 'TOPICS_NOT_ALLOWED', 400);
        else assert.ok((await named).id > 0, `FL ${level}: topics are allowed`);
      }
    });

    it('refuses writes to an archived channel: sending, editing, deleting and reacting', async function () {
      this.timeout(30_000);
      const { server, ids } = await start(482);
      const admin = clientFor(server, byEmail(server, 'adam'));
      clients.push(admin);
      const archive = ids.get('old-archive')!;
      const old = [...server.state.messages.values()].find(
        (m) => m.streamId === archive && m.senderId === byEmail(server, 'adam').userId,
      )!;
      const sent = await apiError(
        sendMessage(admin, { type: 'stream', to: archive, topic: 'history', content: 'x' }),
        'BAD_REQUEST',
        400,
      );
      assert.equal(sent.message, "Not authorized to send to channel 'old-archive'");
      for (const write of [
        updateMessage(admin, { message_id: old.id, content: 'changed' }),
        updateMessage(admin, { message_id: old.id, topic: 'renamed', propagate_mode: 'change_all' }),
        deleteMessage(admin, { message_id: old.id }),
        addReaction(admin, { message_id: old.id, emoji_name: 'smile' }),
      ]) {
        const e = await apiError(write, 'BAD_REQUEST', 400);
        assert.equal(e.message, 'Invalid message(s)');
      }
      assert.ok(server.state.messages.get(old.id), 'the message is still there');
    });

    it("the store decides like the server: writeRefusalOf over the session's channels", async function () {
      this.timeout(30_000);
      for (const level of [404, 403]) {
        const { server, ids } = await start(level);
        const client = clientFor(server, byEmail(server, 'adam'));
        clients.push(client);
        const session = new ChatSession(client, {});
        sessions.push(session);
        await session.start();
        const store = session.store;
        const watercooler = ids.get('watercooler')!;
        assert.equal(writeRefusalOf(store, watercooler, ''), undefined);
        assert.equal(writeRefusalOf(store, watercooler, 'lunch') === undefined, level < 404, `FL ${level}`);
        assert.match(writeRefusalOf(store, ids.get('old-archive')!, 'history') ?? '', /archived/);
        assert.equal(writeRefusalOf(store, ids.get('general')!, 'lunch'), undefined);
      }
    });
  });
});
