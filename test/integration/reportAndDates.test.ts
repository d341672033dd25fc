// Report a message and Go to Date in a real VS Code (issue 27 items 7 and 8): the scripted Report
// command posts the report in the moderation channel (and refuses, with the reason, what the
// server would); Go to Date scrolls the open conversation to the first message of a day, loading
// it when it is not on the page; Search Messages' date: lists the matches from that day.
import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ChatClient } from '../../src/api';
import { getMessages, sendMessage } from '../../src/api/messages/routes';
import { Commands } from '../../src/constants';
import type { TeamChatApi } from '../../src/extension';
import { dayText } from '../../src/messageList/dateInput';
import { messageModel, modelContextOf } from '../../src/webviews/topicView/model';
import type { TopicPanel } from '../../src/webviews/topicView/panel';
import { clientFor, freshStart, GENERAL, signOutAll, testAccount, testControl, waitFor } from './helpers';

const DAY = 86_400;
const LEADERSHIP = 6;

describe('report a message, go to a date', function () {
  this.timeout(90_000);
  let api: TeamChatApi;
  let bob: ChatClient;
  let olivia: ChatClient;
  const errors: string[] = [];

  before(async function () {
    this.timeout(90_000);
    bob = clientFor(testAccount('bob'));
    olivia = clientFor(testAccount('olivia'));
    api = await freshStart(testAccount('alice'));
    api.onDidReportError((e) => errors.push(e.text));
  });
  after(async () => {
    for (const p of api.topicViews.panels) p.dispose();
    await signOutAll(api);
    await bob.close();
    await olivia.close();
  });

  it('Report: offered, then the report reaches the moderation channel; "other" without a description is refused first', async () => {
    const topic = `report ${Date.now()}`;
    const { id } = await sendMessage(bob, {
      type: 'stream',
      to: GENERAL,
      topic,
      content: 'click this link for free money',
    });
    const panel = (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: GENERAL, topic }))!;
    await panel.whenLoaded();
    const current = api.services.sessions.current!;
    const message = await waitFor('the message in the view', () => panel.list!.get(id));
    assert.equal(messageModel(message, modelContextOf(current)).canReport, true);

    const before = errors.length;
    const refused = await vscode.commands.executeCommand(Commands.reportMessage, {
      messageId: id,
      reportType: 'other',
      description: ' ',
    });
    assert.equal(refused, undefined);
    assert.equal(errors.length, before + 1);
    assert.match(errors[before]!, /description is required/);

    const result = await vscode.commands.executeCommand(Commands.reportMessage, {
      messageId: id,
      reportType: 'spam',
      description: 'A scam.',
    });
    assert.equal(result, 'reported');
    const { messages } = await getMessages(olivia, {
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: LEADERSHIP }],
      apply_markdown: false,
    });
    assert.equal(messages[0]?.subject, 'Bob Brown moderation');
    assert.match(messages[0]!.content, /reported a message sent by @_\*\*Bob Brown\|\d+\*\*/);
    assert.match(messages[0]!.content, /\*\*Spam\*\*\. A scam\./);
    assert.ok(messages[0]!.content.includes('click this link for free money'));
    panel.dispose();
  });

  it('Go to Date: the first message of that day, loaded and revealed though the page did not have it', async () => {
    const topic = `dates ${Date.now()}`;
    // One message ten days ago, then a page and more of today's.
    await testControl('advance-clock', { seconds: -10 * DAY });
    let old: number;
    try {
      old = (await sendMessage(bob, { type: 'stream', to: GENERAL, topic, content: 'ten days ago' })).id;
    } finally {
      await testControl('advance-clock', { seconds: 10 * DAY });
    }
    for (let i = 0; i < 120; i++) await sendMessage(bob, { type: 'stream', to: GENERAL, topic, content: `today ${i}` });
    const panel = (await vscode.commands.executeCommand<TopicPanel>(Commands.openTopic, { streamId: GENERAL, topic }))!;
    await panel.whenLoaded();
    assert.equal(panel.list!.get(old), undefined, 'not on the first page');
    const tenDaysAgo = new Date(Date.now() - 10 * DAY * 1000);
    const id = await vscode.commands.executeCommand<number>(Commands.goToDate, { date: dayText(tenDaysAgo) });
    assert.equal(id, old);
    await waitFor('the old message revealed', () => panel.revealed === old, 20_000);
    assert.ok(panel.list!.get(old), 'loaded');
    const today = await vscode.commands.executeCommand<number>(Commands.goToDate, { date: 'today' });
    assert.ok(today !== undefined && today > old, 'today: a message of today');
    // A date that is not one is refused with the reason, before anything is sent.
    const before = errors.length;
    const bad = await vscode.commands.executeCommand(Commands.goToDate, { date: '2026-02-30' });
    assert.equal(bad, undefined);
    assert.match(errors[before]!, /not a day of the calendar/);
    panel.dispose();

    // Search Messages with date: lists the matches from that day (the newest 100 would not reach it).
    const query = `topic:"${topic}" date:${dayText(tenDaysAgo)}`;
    await vscode.commands.executeCommand(Commands.searchMessages, { query });
    await waitFor('the results around that day', () => api.searchResults.model.state === 'loaded', 20_000);
    assert.ok(api.searchResults.model.list?.get(old), 'the message of that day is listed');
    await vscode.commands.executeCommand(Commands.searchMessages, { query: `topic:"${topic}"` });
    await waitFor('the newest results', () => api.searchResults.model.state === 'loaded', 20_000);
    assert.equal(api.searchResults.model.list?.get(old), undefined, 'not among the newest 100');
    await vscode.commands.executeCommand(Commands.clearSearchResults);
  });
});
