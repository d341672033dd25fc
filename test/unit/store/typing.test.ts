// Typing notifications: the sender's timing and the receiving tracker on a fake clock (store), and
// the event parsing they rely on.
import assert from 'node:assert/strict';
import { parseEvent } from '../../../src/api/events/parse';
import { setTypingStatus } from '../../../src/api/typing/routes';
import { ChatSession } from '../../../src/store';
import { RealmState } from '../../../src/store/realm';
import type { TypingEvent } from '../../../src/api/events/models';
import {
  conversationKey,
  typingAllowed,
  TypingSender,
  typingText,
  TypingTracker,
  type TypingDestination,
  type TypingPolicy,
} from '../../../src/store/typing';
import { byEmail, clientFor, withServer } from '../support/server';
import { fakeClock } from '../support/synthetic';

const PERIODS = { startedWaitMs: 10_000, stoppedWaitMs: 5_000 };
const BOB: TypingDestination = { kind: 'direct', userIds: [12] };
const LUNCH: TypingDestination = { kind: 'stream', streamId: 3, topic: 'lunch' };

function sender(allowed: (to: TypingDestination) => boolean = () => true) {
  const clock = fakeClock();
  const sent: string[] = [];
  const s = new TypingSender({
    clock,
    periods: () => PERIODS,
    allowed,
    send: (op, to) =>
      sent.push(
        `${clock.now()} ${op} ${to.kind === 'direct' ? `dm:${to.userIds.join(',')}` : `${to.streamId}/${to.topic}`}`,
      ),
  });
  return { clock, sent, s };
}

describe('typing: sending (fake clock)', () => {
  it('sends start on the first input, again at exactly the started wait period, not before', () => {
    const { clock, sent, s } = sender();
    s.input(BOB, false);
    assert.deepEqual(sent, ['0 start dm:12']);
    // Typing goes on, one key every second: no second start before 10 s.
    for (let t = 1; t <= 9; t++) {
      clock.advance(1000);
      s.input(BOB, false);
    }
    clock.advance(999);
    s.input(BOB, false);
    assert.deepEqual(sent, ['0 start dm:12'], 'at 9.999 s: still only the first start');
    clock.advance(1);
    s.input(BOB, false);
    assert.deepEqual(sent, ['0 start dm:12', '10000 start dm:12'], 'at exactly 10 s: start again');
    for (let t = 1; t <= 9; t++) {
      clock.advance(1000);
      s.input(BOB, false);
    }
    clock.advance(999);
    s.input(BOB, false);
    assert.equal(sent.length, 2, 'at 19.999 s: no third start');
    clock.advance(1);
    s.input(BOB, false);
    assert.deepEqual(sent.slice(2), ['20000 start dm:12'], 'the period counts from the last start');
  });

  it('sends stop after exactly the stopped wait period without input', () => {
    const { clock, sent, s } = sender();
    s.input(LUNCH, false);
    clock.advance(3_000);
    s.input(LUNCH, false); // input re-arms the idle timer
    clock.advance(4_999);
    assert.deepEqual(sent, ['0 start 3/lunch'], '4.999 s after the last input: still typing');
    assert.equal(s.typing, true);
    clock.advance(1);
    assert.deepEqual(sent, ['0 start 3/lunch', '8000 stop 3/lunch'], 'at exactly 5 s: stop');
    assert.equal(s.typing, false);
    assert.equal(clock.pending(), 0);
    // Typing again later starts anew.
    clock.advance(60_000);
    s.input(LUNCH, false);
    assert.deepEqual(sent.slice(2), ['68000 start 3/lunch']);
  });

  it('stops at once when the box is emptied, the message is sent (stop) or the view closes (dispose); once', () => {
    const { clock, sent, s } = sender();
    s.input(BOB, false);
    clock.advance(500);
    s.input(BOB, true);
    assert.deepEqual(sent, ['0 start dm:12', '500 stop dm:12']);
    s.input(BOB, true);
    s.stop();
    assert.equal(sent.length, 2, 'no stop without a standing start');
    s.input(BOB, false);
    clock.advance(100);
    s.stop(); // sent
    assert.deepEqual(sent.slice(2), ['500 start dm:12', '600 stop dm:12']);
    s.input(BOB, false);
    s.dispose(); // closed
    assert.deepEqual(sent.slice(4), ['600 start dm:12', '600 stop dm:12']);
    clock.advance(60_000);
    assert.equal(sent.length, 6, 'no late stop from the idle timer');
  });

  it('another conversation stops the first one before starting', () => {
    const { sent, s } = sender();
    s.input(BOB, false);
    s.input(LUNCH, false);
    assert.deepEqual(sent, ['0 start dm:12', '0 stop dm:12', '0 start 3/lunch']);
  });

  it('sends nothing where it is not allowed, and stops when it stops being allowed', () => {
    let allowed = false;
    const { clock, sent, s } = sender(() => allowed);
    s.input(BOB, false);
    clock.advance(20_000);
    assert.deepEqual(sent, []);
    allowed = true;
    s.input(BOB, false);
    allowed = false;
    s.input(BOB, false);
    assert.deepEqual(sent, ['20000 start dm:12', '20000 stop dm:12']);
  });

  describe('typingAllowed', () => {
    const policy = (p: Partial<TypingPolicy> = {}): TypingPolicy => ({
      sendPrivate: true,
      sendStream: true,
      channelTyping: true,
      ...p,
    });

    it('follows send_private_typing_notifications for direct conversations (never to oneself alone)', () => {
      assert.equal(typingAllowed(BOB, policy()), true);
      assert.equal(typingAllowed(BOB, policy({ sendPrivate: false })), false);
      assert.equal(typingAllowed(BOB, policy({ sendStream: false })), true);
      assert.equal(typingAllowed({ kind: 'direct', userIds: [] }, policy()), false);
    });

    it("follows send_stream_typing_notifications (the channel size limit is the server's)", () => {
      assert.equal(typingAllowed(LUNCH, policy()), true);
      assert.equal(typingAllowed(LUNCH, policy({ sendStream: false })), false);
      assert.equal(typingAllowed(LUNCH, policy({ sendPrivate: false })), true);
      assert.equal(typingAllowed(LUNCH, policy({ channelTyping: false })), false, 'servers before FL 215');
    });

    it('a sender with the setting off sends nothing at all', () => {
      const { clock, sent, s } = sender((to) => typingAllowed(to, policy({ sendStream: false })));
      s.input(LUNCH, false);
      clock.advance(10_000);
      s.input(LUNCH, false);
      clock.advance(10_000);
      s.input(BOB, false);
      assert.deepEqual(sent, ['20000 start dm:12']);
    });
  });
});

describe('typing: receiving (fake clock)', () => {
  const OWN = 10;
  const ALICE = 11;
  const BOB_ID = 12;
  const CAROL = 13;

  function event(raw: Record<string, unknown>): TypingEvent {
    const parsed = parseEvent({ id: 1, type: 'typing', ...raw });
    assert.ok(parsed.ok && parsed.event.type === 'typing', JSON.stringify(raw));
    return parsed.event as TypingEvent;
  }
  const person = (id: number) => ({ user_id: id, email: `user${id}@example.com` });
  const dm = (op: string, from: number, ids: number[], type = 'direct') =>
    event({ op, message_type: type, sender: person(from), recipients: ids.map(person) });
  const channel = (op: string, from: number, topic = 'Lunch') =>
    event({ op, message_type: 'stream', sender: person(from), stream_id: 3, topic });

  function tracker(muted: number[] = []) {
    const clock = fakeClock();
    const changes: string[] = [];
    const t = new TypingTracker({
      clock,
      ownUserId: () => OWN,
      expiryMs: () => 15_000,
      ignore: (id) => muted.includes(id),
    });
    t.onDidChange((key) => changes.push(key));
    return { clock, t, changes };
  }

  const aliceDm = conversationKey({ kind: 'direct', userIds: [ALICE] }, OWN);
  const lunch = conversationKey({ kind: 'stream', streamId: 3, topic: 'lunch' }, OWN);

  it('keys a conversation the same from a view and from events (own user added, topic case-insensitive)', () => {
    assert.equal(aliceDm, 'dm:10,11');
    assert.equal(conversationKey({ kind: 'direct', userIds: [OWN, ALICE] }, OWN), aliceDm);
    assert.equal(conversationKey({ kind: 'stream', streamId: 3, topic: 'LUNCH' }, OWN), lunch);
  });

  it('an entry expires at exactly the expiry period after its last start', () => {
    const { clock, t, changes } = tracker();
    t.apply(dm('start', ALICE, [ALICE, OWN]));
    assert.deepEqual(t.typists(aliceDm), [ALICE]);
    clock.advance(14_999);
    assert.deepEqual(t.typists(aliceDm), [ALICE], 'at 14.999 s: still typing');
    clock.advance(1);
    assert.deepEqual(t.typists(aliceDm), [], 'at exactly 15 s: gone');
    assert.deepEqual(changes, [aliceDm, aliceDm]);
    assert.equal(clock.pending(), 0);
  });

  it('a new start restarts the expiry; stop ends it at once', () => {
    const { clock, t, changes } = tracker();
    t.apply(channel('start', ALICE));
    clock.advance(10_000);
    t.apply(channel('start', ALICE, 'lunch'));
    assert.deepEqual(changes, [lunch], 'a repeated start changes nothing shown');
    clock.advance(14_999);
    assert.deepEqual(t.typists(lunch), [ALICE], '24.999 s after the first start, 14.999 s after the last');
    clock.advance(1);
    assert.deepEqual(t.typists(lunch), []);
    t.apply(channel('start', ALICE));
    t.apply(channel('start', BOB_ID));
    assert.deepEqual(t.typists(lunch), [ALICE, BOB_ID], 'in the order they started');
    t.apply(channel('stop', ALICE));
    assert.deepEqual(t.typists(lunch), [BOB_ID]);
    t.apply(channel('stop', CAROL));
    assert.deepEqual(t.typists(lunch), [BOB_ID], 'a stop of someone not typing changes nothing');
    clock.advance(15_000);
    assert.deepEqual(t.typists(lunch), []);
    assert.equal(clock.pending(), 0);
  });

  it('ignores the own user and muted users; keeps group conversations apart; old servers say private', () => {
    const { t } = tracker([CAROL]);
    t.apply(dm('start', OWN, [ALICE, OWN]));
    assert.deepEqual(t.typists(aliceDm), []);
    t.apply(dm('start', CAROL, [CAROL, OWN]));
    assert.deepEqual(t.typists(conversationKey({ kind: 'direct', userIds: [CAROL] }, OWN)), []);
    t.apply(dm('start', ALICE, [ALICE, BOB_ID, OWN], 'private'));
    assert.deepEqual(t.typists(aliceDm), [], 'the group is another conversation');
    assert.deepEqual(t.typists(conversationKey({ kind: 'direct', userIds: [BOB_ID, ALICE] }, OWN)), [ALICE]);
  });

  it('clear() forgets everyone and cancels the timers', () => {
    const { clock, t, changes } = tracker();
    t.apply(dm('start', ALICE, [ALICE, OWN]));
    t.apply(channel('start', BOB_ID));
    t.clear();
    assert.deepEqual([t.typists(aliceDm), t.typists(lunch)], [[], []]);
    assert.equal(clock.pending(), 0);
    assert.deepEqual(changes, [aliceDm, lunch, aliceDm, lunch]);
  });

  it('shows one name, two names, or "Several people"', () => {
    assert.equal(typingText([]), '');
    assert.equal(typingText(['Alice']), 'Alice is typing…');
    assert.equal(typingText(['Alice', 'Bob']), 'Alice and Bob are typing…');
    assert.equal(typingText(['Alice', 'Bob', 'Carol']), 'Several people are typing…');
  });

  it('parses both ops; an unknown op is an unknown event, not a failure', () => {
    assert.equal(dm('stop', ALICE, [ALICE, OWN]).op, 'stop');
    const odd = parseEvent({ id: 2, type: 'typing', op: 'pause', sender: person(ALICE) });
    assert.ok(odd.ok && odd.event.type === 'unknown');
  });
});

describe('typing: the session (local server, fake typing clock)', function () {
  const servers = withServer({}, 'none');
  this.timeout(30_000);

  it('reads the periods from /register, with the documented defaults', () => {
    const realm = new RealmState(
      () => 400,
      () => 1,
    );
    realm.reset({});
    assert.deepEqual(realm.typing, { startedWaitMs: 10_000, stoppedWaitMs: 5_000, expiryMs: 15_000 });
    realm.reset({
      server_typing_started_wait_period_milliseconds: 4000,
      server_typing_stopped_wait_period_milliseconds: 2000,
      server_typing_started_expiry_period_milliseconds: 6000,
    });
    assert.deepEqual(realm.typing, { startedWaitMs: 4000, stoppedWaitMs: 2000, expiryMs: 6000 });
  });

  it('asks for typing events (channel ones too) and tracks them until they expire', async () => {
    const server = (await servers.start()).server;
    const [alice, bob] = [byEmail(server, 'alice'), byEmail(server, 'bob')];
    const [aliceC, bobC] = [clientFor(server, alice), clientFor(server, bob)];
    const clock = fakeClock();
    const session = new ChatSession(aliceC, { typingClock: clock });
    try {
      await session.start();
      assert.equal(session.store.realm.typing.expiryMs, 15_000, 'from the server');
      const general = [...server.state.streams.values()].find(
        (x) => !x.inviteOnly && x.subscribers.has(alice.userId) && x.subscribers.has(bob.userId),
      )!;
      const dmKey = conversationKey({ kind: 'direct', userIds: [bob.userId] }, alice.userId);
      const topicKey = conversationKey({ kind: 'stream', streamId: general.id, topic: 'Lunch' }, alice.userId);
      const seen = new Promise<void>((resolve) => {
        const d = session.typing.onDidChange(() => {
          if (session.typing.typists(dmKey).length && session.typing.typists(topicKey).length) resolve(d.dispose());
        });
      });
      await setTypingStatus(bobC, { op: 'start', type: 'direct', to: [alice.userId] });
      await setTypingStatus(bobC, { op: 'start', type: 'stream', stream_id: general.id, topic: 'lunch' });
      await seen;
      assert.deepEqual([session.typing.typists(dmKey), session.typing.typists(topicKey)], [[bob.userId], [bob.userId]]);
      clock.advance(14_999);
      assert.deepEqual(session.typing.typists(dmKey), [bob.userId]);
      clock.advance(1);
      assert.deepEqual([session.typing.typists(dmKey), session.typing.typists(topicKey)], [[], []]);
    } finally {
      await session.stop();
      session.dispose();
      await Promise.all([aliceC.close(), bobC.close()]);
    }
  });
});
