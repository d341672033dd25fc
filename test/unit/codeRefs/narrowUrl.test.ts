// Links that survive moves (issue 27 item 5): the `with` narrow operator of the local server as the
// real one has it (feature level 271), the links the client writes, and following a `with` link
// to wherever its message was moved.
import assert from 'node:assert/strict';
import type { ChatClient } from '../../../src/api';
import { deleteMessage, getMessages, sendMessage, updateMessage } from '../../../src/api/messages/routes';
import type { NarrowTerm } from '../../../src/api/messages/narrow';
import { followLink } from '../../../src/codeRefs/followLink';
import { parseNarrowLink } from '../../../src/codeRefs/narrowUrl';
import { messageLink } from '../../../src/webviews/topicView/model';
import { byEmail, channelId, withServer } from '../support/server';
import { apiError } from '../support/errors';

const REALM = 'https://chat.example.com';

describe('links that survive moves: with', function () {
  this.timeout(60_000);

  describe('the links the client writes and reads', () => {
    const names = { channelName: (id: number) => (id === 3 ? 'general' : undefined), ownUserId: 1 };
    const channelMessage = {
      id: 42,
      type: 'stream' as const,
      stream_id: 3,
      subject: 'lunch plans',
      display_recipient: 'general',
    };

    it('Copy Link writes with/<id> from feature level 271, near/<id> below it', () => {
      assert.equal(
        messageLink(REALM, channelMessage, names, 271),
        `${REALM}/#narrow/channel/3-general/topic/lunch.20plans/with/42`,
      );
      assert.equal(
        messageLink(REALM, channelMessage, names, 270),
        `${REALM}/#narrow/channel/3-general/topic/lunch.20plans/near/42`,
      );
      const dm = {
        id: 9,
        type: 'private' as const,
        subject: '',
        display_recipient: [
          { id: 1, email: 'a@x', full_name: 'Me', is_mirror_dummy: false },
          { id: 5, email: 'b@x', full_name: 'Bob Brown', is_mirror_dummy: false },
        ],
      };
      assert.equal(messageLink(REALM, dm, names, 271), `${REALM}/#narrow/dm/5-Bob-Brown/with/9`);
    });

    it('a with link is one to follow; a near link is not', () => {
      assert.deepEqual(parseNarrowLink(`${REALM}/#narrow/channel/3-general/topic/lunch/with/42`, REALM), {
        kind: 'channel',
        streamId: 3,
        topic: 'lunch',
        messageId: 42,
        follow: true,
      });
      assert.deepEqual(parseNarrowLink(`${REALM}/#narrow/channel/3-general/topic/lunch/near/42`, REALM), {
        kind: 'channel',
        streamId: 3,
        topic: 'lunch',
        messageId: 42,
      });
      assert.deepEqual(parseNarrowLink(`${REALM}/#narrow/dm/5-Bob/with/9`, REALM), {
        kind: 'dm',
        userIds: [5],
        messageId: 9,
        follow: true,
      });
    });
  });

  describe('the local server (feature level 482) and following a link', () => {
    const s = withServer();
    let alice: ChatClient;
    let bob: ChatClient;
    let general: number;
    let design: number;
    const topicOf = async (narrow: NarrowTerm[]) => {
      const { messages } = await getMessages(alice, {
        anchor: 'newest',
        num_before: 50,
        num_after: 0,
        narrow,
        apply_markdown: false,
      });
      return [...new Set(messages.map((m) => `${m.stream_id ?? 'dm'}/${m.subject}`))];
    };

    before(async () => {
      alice = s.clientOf(byEmail(s.server, 'alice'));
      bob = s.clientOf(byEmail(s.server, 'bob'));
      general = await channelId(alice, 'general');
      design = await channelId(alice, 'design');
    });

    it('with:<id> replaces the channel and topic terms by the conversation the message is in now', async () => {
      const topic = `with-moved-${Date.now()}`;
      const { id } = await sendMessage(alice, { type: 'stream', to: general, topic, content: 'to be moved' });
      await updateMessage(alice, {
        message_id: id,
        topic: `${topic}-new`,
        stream_id: design,
        propagate_mode: 'change_all',
      });
      const stale = [
        { operator: 'channel', operand: general },
        { operator: 'topic', operand: topic },
      ];
      assert.deepEqual(await topicOf(stale), [], 'the old conversation is empty');
      assert.deepEqual(await topicOf([...stale, { operator: 'with', operand: id }]), [`${design}/${topic}-new`]);
      // Other terms stay: a search in the followed conversation.
      assert.deepEqual(
        await topicOf([
          ...stale,
          { operator: 'with', operand: id },
          { operator: 'search', operand: 'nothing-like-this' },
        ]),
        [],
      );
    });

    it('with:<id> of a message the user cannot read is dropped, the rest of the narrow stands', async () => {
      const carol = byEmail(s.server, 'carol');
      const { id } = await sendMessage(bob, { type: 'direct', to: [carol.userId], content: 'between Bob and Carol' });
      const topic = `with-kept-${Date.now()}`;
      await sendMessage(alice, { type: 'stream', to: general, topic, content: 'here' });
      assert.deepEqual(
        await topicOf([
          { operator: 'channel', operand: general },
          { operator: 'topic', operand: topic },
          { operator: 'with', operand: id },
        ]),
        [`${general}/${topic}`],
      );
    });

    it('two with terms are refused', async () => {
      await apiError(
        getMessages(alice, {
          anchor: 'newest',
          num_before: 1,
          num_after: 0,
          narrow: [
            { operator: 'with', operand: 1 },
            { operator: 'with', operand: 2 },
          ],
        }),
        'BAD_NARROW',
        400,
      );
    });

    it("following a with link: the moved message's conversation; the link's own when the message is gone", async () => {
      const topic = `follow-${Date.now()}`;
      const { id } = await sendMessage(alice, { type: 'stream', to: general, topic, content: 'follow me' });
      const link = parseNarrowLink(
        messageLink(
          s.server.url,
          { id, type: 'stream', stream_id: general, subject: topic, display_recipient: 'general' },
          { channelName: () => 'general', ownUserId: 0 },
          482,
        ),
        s.server.url,
      )!;
      await updateMessage(alice, { message_id: id, topic: `${topic}-moved`, propagate_mode: 'change_one' });
      assert.deepEqual(await followLink(alice, link, 0), {
        kind: 'channel',
        streamId: general,
        topic: `${topic}-moved`,
        messageId: id,
        follow: true,
      });
      await deleteMessage(alice, { message_id: id });
      assert.deepEqual(await followLink(alice, link, 0), link);
      // A near link is not followed (no request either).
      const near = { kind: 'channel' as const, streamId: general, topic, messageId: id };
      assert.equal(await followLink(alice, near, 0), near);
    });

    it('following a with link to a direct message: the other participants', async () => {
      const bobAccount = byEmail(s.server, 'bob');
      const aliceAccount = byEmail(s.server, 'alice');
      const { id } = await sendMessage(alice, { type: 'direct', to: [bobAccount.userId], content: 'hi Bob' });
      const followed = await followLink(
        alice,
        { kind: 'dm', userIds: [999], messageId: id, follow: true },
        aliceAccount.userId,
      );
      assert.deepEqual(followed, { kind: 'dm', userIds: [bobAccount.userId], messageId: id, follow: true });
    });
  });

  describe('the local server below feature level 271', () => {
    const s = withServer({ featureLevel: 270 });

    it('does not know the with operator', async () => {
      const alice = s.clientOf(byEmail(s.server, 'alice'));
      await apiError(
        getMessages(alice, {
          anchor: 'newest',
          num_before: 1,
          num_after: 0,
          narrow: [{ operator: 'with', operand: 1 }],
        }),
        'BAD_NARROW',
        400,
      );
    });
  });
});
