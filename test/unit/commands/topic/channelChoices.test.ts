// Channel quick picks: descriptions as plain text (rendered HTML stripped, entities decoded;
// Markdown when no HTML), archived channels never offered, and for posting only the channels the
// user may post in, judged the way the server judges it (checked by sending to every channel).
import { strict as assert } from 'node:assert';
import type { ChatClient } from '../../../../src/api';
import { messageLine } from '../../../../src/messageText';
import {
  channelChoices,
  descriptionText,
  markdownToText,
  offeredChannels,
  suggestedChannel,
  suggestFirst,
} from '../../../../src/commands/topic/channelChoices';
import { ChatSession } from '../../../../src/store';
import { RealmState } from '../../../../src/store/realm';
import { ADMIN, byEmail, clientFor, GUEST, MEMBER, withServer, type RunningServer } from '../../support/server';

describe('channel choices: plain-text descriptions, archived and post-restricted channels', () => {
  it('turns rendered HTML into one line of text, entities decoded', () => {
    assert.equal(
      messageLine(
        '<p>Code, <strong>reviews</strong> &amp; deploys &lt;3 &quot;ok&quot; &#39;x&#39; &#x1F600; &#8212;<br>\nSee <a href="https://e.com/h">the handbook</a></p><p>Second&nbsp;para</p>',
      ),
      'Code, reviews & deploys <3 "ok" \'x\' 😀 — See the handbook Second para',
    );
    assert.equal(messageLine('<script>alert(1)</script><p>a &bogus; &#0; b</p>'), 'a &bogus; &#0; b');
  });

  it('drops Markdown marks when the server sends no rendered description', () => {
    assert.equal(
      markdownToText('Code, **reviews** and `deploys`: *pixels*, __bold__, ~~old~~, [handbook](https://e.com)'),
      'Code, reviews and deploys: pixels, bold, old, handbook',
    );
    assert.equal(markdownToText('2 * 3 * 4'), '2 * 3 * 4');
    assert.equal(descriptionText({ description: '**raw**', rendered_description: '<p><em>html</em></p>' }), 'html');
    assert.equal(descriptionText({ description: '**raw**', rendered_description: '' }), 'raw');
    assert.equal(descriptionText({ description: '**raw**' }), 'raw');
  });

  it('judges posting by can_send_message_group, then stream_post_policy, then is_announcement_only; never archived', () => {
    const groups = [
      { id: 10, name: 'role:administrators', is_system_group: true, members: [], direct_subgroup_ids: [] },
      { id: 11, name: 'role:everyone', is_system_group: true, members: [], direct_subgroup_ids: [] },
      { id: 12, name: 'reviewers', is_system_group: false, members: [7], direct_subgroup_ids: [] },
    ];
    const realmFor = (role: number, userId = 5) => {
      const r = new RealmState(
        () => role,
        () => userId,
      );
      r.reset({ realm_user_groups: groups });
      return r;
    };
    const member = realmFor(MEMBER);
    assert.equal(member.canPostToChannel({ can_send_message_group: 11 }), true);
    assert.equal(member.canPostToChannel({ can_send_message_group: 11, is_archived: true }), false);
    assert.equal(
      member.canPostToChannel({ can_send_message_group: 10, stream_post_policy: 1 }),
      false,
      'the group wins over the legacy policy',
    );
    assert.equal(realmFor(ADMIN).canPostToChannel({ can_send_message_group: 10 }), true);
    assert.equal(member.canPostToChannel({ can_send_message_group: 12 }), false);
    assert.equal(realmFor(MEMBER, 7).canPostToChannel({ can_send_message_group: 12 }), true);
    assert.equal(
      member.canPostToChannel({ can_send_message_group: { direct_members: [5], direct_subgroups: [] } }),
      true,
    );
    assert.equal(member.canPostToChannel({ can_send_message_group: 99 }), true, 'an unknown group: the server decides');
    // Older servers.
    assert.equal(realmFor(GUEST).canPostToChannel({ stream_post_policy: 1 }), true);
    assert.equal(member.canPostToChannel({ stream_post_policy: 2 }), false);
    assert.equal(realmFor(ADMIN).canPostToChannel({ stream_post_policy: 2 }), true);
    assert.equal(member.canPostToChannel({ stream_post_policy: 4 }), false);
    assert.equal(realmFor(300).canPostToChannel({ stream_post_policy: 4 }), true);
    assert.equal(member.canPostToChannel({ stream_post_policy: 3 }), true);
    assert.equal(realmFor(GUEST).canPostToChannel({ stream_post_policy: 3 }), false);
    assert.equal(member.canPostToChannel({ is_announcement_only: true }), false);
    assert.equal(realmFor(ADMIN).canPostToChannel({ is_announcement_only: true }), true);
    assert.equal(member.canPostToChannel({}), true);
    // Without a realm (no live session) only archived channels are left out.
    assert.deepEqual(
      offeredChannels(
        [
          { n: 1, stream_post_policy: 2 },
          { n: 2, is_archived: true },
        ],
        'post',
        undefined,
      ).map((c) => c.n),
      [1],
    );
    // To read, archived channels too (they are read-only, not hidden).
    assert.deepEqual(
      offeredChannels(
        [
          { n: 1, stream_post_policy: 2 },
          { n: 2, is_archived: true },
        ],
        'view',
        undefined,
      ).map((c) => c.n),
      [1, 2],
    );
  });

  describe('against the demo organisation', () => {
    let server: RunningServer;
    const opened: { session: ChatSession; client: ChatClient }[] = [];
    const testServer = withServer({ longpollTimeoutSeconds: 2 });
    before(async function () {
      this.timeout(20_000);
      server = testServer.server;
    });
    after(async () => {
      for (const o of opened) {
        await o.session.stop();
        await o.client.close();
      }
    });
    async function sessionOf(local: string): Promise<{ session: ChatSession; client: ChatClient }> {
      const client = clientFor(server, byEmail(server, local));
      const session = new ChatSession(client, {});
      opened.push({ session, client });
      await session.start();
      return { session, client };
    }

    for (const local of ['alice', 'gus', 'adam']) {
      it(`${local}: the post pick offers exactly the channels the server accepts a message in`, async function () {
        this.timeout(30_000);
        const { session, client } = await sessionOf(local);
        const store = session.store;
        const post = channelChoices(store, 'post').map((c) => c.streamId);
        const view = channelChoices(store, 'view').map((c) => c.streamId);
        const subs = store.subscriptions();
        assert.ok(subs.length > 0);
        const accepted: number[] = [];
        for (const s of subs) {
          const sent = await client
            .call('POST /messages', {
              type: 'stream',
              to: s.stream_id,
              topic: s.topics_policy === 'empty_topic_only' ? '' : 'pick check',
              content: 'may I post here?',
            })
            .then(
              () => true,
              () => false,
            );
          if (sent && !s.is_archived) accepted.push(s.stream_id);
        }
        assert.deepEqual(
          [...post].sort((a, b) => a - b),
          accepted.sort((a, b) => a - b),
        );
        assert.deepEqual(
          view.sort((a, b) => a - b),
          subs.map((s) => s.stream_id).sort((a, b) => a - b),
          'to read: every channel, archived ones too',
        );
        if (local === 'alice')
          assert.ok(
            subs.some((s) => s.is_archived) && !post.includes(subs.find((s) => s.is_archived)!.stream_id),
            'never posting in an archived one',
          );
        const announcements = subs.find((s) => s.name === 'announcements');
        assert.ok(announcements, `${local} is subscribed to #announcements`);
        assert.equal(
          post.includes(announcements.stream_id),
          local === 'adam',
          'only administrators may post in #announcements',
        );
      });
    }

    it('shows the demo descriptions as plain text, by name', async function () {
      this.timeout(20_000);
      const { session } = await sessionOf('olivia');
      const rows = channelChoices(session.store, 'view');
      assert.deepEqual(
        rows.map((r) => r.label),
        [...rows.map((r) => r.label)].sort((a, b) => a.localeCompare(b)),
      );
      const eng = rows.find((r) => r.label === '#engineering');
      assert.ok(eng);
      assert.equal(eng.description, 'Code, reviews and deploys. See https://example.com/handbook');
      assert.ok(
        rows.some((r) => r.label === '#old-archive'),
        'archived channels are offered to read',
      );
      assert.ok(!channelChoices(session.store, 'post').some((r) => r.label === '#old-archive'), 'but never to post');
    });
  });
});

describe('Discuss Selection: the suggested channel', () => {
  const store = {
    subscriptions: () => [
      { stream_id: 2, name: 'Engineering' },
      { stream_id: 5, name: 'design' },
    ],
  } as never;
  it('is the channel the workspace maps the repository to (by name, any case, # allowed), if subscribed', async () => {
    const mapping = {
      'github.com/acme/widgets': 'engineering',
      'github.com/acme/ui': '#design',
      'github.com/acme/gone': 'archive',
    };
    assert.equal(suggestedChannel(mapping, 'github.com/acme/widgets', store), 2);
    assert.equal(suggestedChannel(mapping, 'github.com/acme/ui', store), 5);
    assert.equal(suggestedChannel(mapping, 'github.com/acme/gone', store), undefined);
    assert.equal(suggestedChannel(mapping, 'github.com/acme/other', store), undefined);
    assert.equal(suggestedChannel(mapping, undefined, store), undefined);
    assert.equal(suggestedChannel({ 'github.com/acme/widgets': 7 }, 'github.com/acme/widgets', store), undefined);
  });
  it('comes first in the pick, marked, the others keep their order', () => {
    const items: { label: string; streamId: number; detail?: string }[] = [
      { label: '#a', streamId: 1 },
      { label: '#b', streamId: 2 },
      { label: '#c', streamId: 3 },
    ];
    assert.deepEqual(
      suggestFirst(items, 3).map((i) => [i.streamId, i.detail]),
      [
        [3, 'Suggested for this repository'],
        [1, undefined],
        [2, undefined],
      ],
    );
    assert.deepEqual(suggestFirst(items, 9), items);
    assert.deepEqual(suggestFirst(items, undefined), items);
  });
});
