/**
 * The message list: one `li.message` per message, in id order. Text goes in with textContent; the
 * only HTML inserted is the server's (model.html, match html), sanitised first by ../../page/sanitize.ts.
 */
import * as l10n from '@vscode/l10n';
import { avatar, command, el, errorText, request } from '../../page/common';
import { beginningText, messagePreview } from '../../page/shared';
import { setServerHtml, unrenderable } from '../../page/sanitize';
import {
  ActionCommand,
  ReactRequest,
  type MessageAction,
  type MessageModel,
  type ReactionModel,
  type ReactParams,
  type TopicLinkModel,
} from '../protocol';
import { enhanceMessage } from './content';
import { forgetHistory, isHistoryOpen, showHistory, toggleHistory } from './history';
import { dom, formatTime, matches, models, save, showNotice, state, view } from './state';
import { observe, unobserve } from './visible';
import { VirtualList } from './virtualList';
import { keepOneReachable, makeCurrent, reply } from './keyboard';

const { list, scroller, older } = dom;

/** What relative links and images in server HTML resolve against. */
const realm = (): string => view.snapshot?.realmUrl ?? '';
/** Whether the view may be written in (not an archived channel): its rows then offer reply, react, edit and delete. */
export const writable = (): boolean => view.snapshot?.readOnly === undefined;

export function actionButton(label: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', 'action', label);
  b.type = 'button';
  b.title = title;
  b.addEventListener('click', onClick);
  return b;
}

function reactionButton(m: MessageModel, r: ReactionModel): HTMLButtonElement {
  const b = el('button', r.mine ? 'reaction mine' : 'reaction');
  b.type = 'button';
  b.append(el('span', 'reaction-emoji', r.glyph || `:${r.emojiName}:`), el('span', 'reaction-count', String(r.count)));
  b.title = l10n.t('{0} reacted with :{1}:', r.names.join(', '), r.emojiName);
  b.setAttribute('aria-pressed', r.mine ? 'true' : 'false');
  b.dataset.emoji = r.emojiName;
  b.addEventListener('click', () =>
    react({ messageId: m.id, emojiName: r.emojiName, emojiCode: r.emojiCode, reactionType: r.reactionType }),
  );
  b.disabled = !writable();
  return b;
}

function react(params: ReactParams): void {
  request(ReactRequest, params).catch((e) => showNotice(errorText(e)));
}

export function renderMessage(m: MessageModel): HTMLElement {
  const li = el('li', 'message');
  li.dataset.id = String(m.id);
  li.tabIndex = -1;
  li.setAttribute(
    'aria-label',
    m.unread
      ? l10n.t('{0}, {1}, unread', m.senderName, formatTime(m.timestamp))
      : `${m.senderName}, ${formatTime(m.timestamp)}`,
  );
  if (m.unread) li.classList.add('unread');
  if (m.own) li.classList.add('own');
  li.append(avatar(m));
  const main = el('div', 'message-main');
  const header = el('div', 'message-header');
  header.append(el('span', 'sender', m.senderName));
  const time = el('time', 'time muted', formatTime(m.timestamp));
  time.setAttribute('datetime', new Date(m.timestamp * 1000).toISOString());
  header.append(time);
  // `edited`/`moved` come with their timestamps (src/webviews/topicView/model.ts).
  if (m.edited) {
    const marker = actionButton(
      l10n.t('(edited)'),
      l10n.t('Edited {0} — show the edit history', formatTime(m.lastEditTimestamp ?? m.timestamp)),
      () => void toggleHistory(li, m.id),
    );
    marker.classList.add('marker', 'edited');
    header.append(marker);
  }
  if (m.moved) {
    const marker = actionButton(
      l10n.t('(moved)'),
      l10n.t('Moved {0} — show the edit history', formatTime(m.lastMovedTimestamp ?? m.timestamp)),
      () => void toggleHistory(li, m.id),
    );
    marker.classList.add('marker', 'moved');
    header.append(marker);
  }
  const actions = el('span', 'actions');
  actions.setAttribute('role', 'toolbar');
  actions.setAttribute('aria-label', l10n.t('Message actions'));
  const act = (action: MessageAction) => () => command(ActionCommand, { messageId: m.id, action });
  if (writable()) {
    actions.append(actionButton(l10n.t('Reply'), l10n.t('Reply (r)'), () => reply(m.id)));
    actions.append(actionButton(l10n.t('Quote'), l10n.t('Quote and reply (q)'), act('quote')));
    actions.append(actionButton('☺+', l10n.t('Add a reaction'), () => react({ messageId: m.id })));
  }
  const star = actionButton(
    m.starred ? '★' : '☆',
    m.starred ? l10n.t('Unstar this message (s)') : l10n.t('Star this message (s)'),
    () => command(ActionCommand, { messageId: m.id, action: 'star' }),
  );
  star.classList.add('star');
  star.setAttribute('aria-pressed', m.starred ? 'true' : 'false');
  if (m.starred) li.classList.add('starred');
  if (m.own && writable()) actions.append(actionButton(l10n.t('Edit'), l10n.t('Edit this message (e)'), act('edit')));
  actions.append(actionButton(l10n.t('Link'), l10n.t('Copy a link to this message'), act('copyLink')));
  actions.append(actionButton(l10n.t('Remind'), l10n.t('Create a reminder about this message'), act('remind')));
  if (m.readReceipts)
    actions.append(actionButton(l10n.t('Read by'), l10n.t('See who has read this message'), act('readBy')));
  actions.append(actionButton(l10n.t('Unread'), l10n.t('Mark as unread from here (u)'), act('markUnread')));
  if (m.canReport)
    actions.append(actionButton(l10n.t('Report…'), l10n.t('Report this message to the moderators'), act('report')));
  if (m.canDelete && writable())
    actions.append(actionButton(l10n.t('Delete'), l10n.t('Delete this message'), act('delete')));
  header.append(actions);
  // A starred message shows its star even when the actions are hidden (the button keeps it).
  if (m.starred) header.insertBefore(el('span', 'star-mark', '★'), actions);
  actions.append(star);
  main.append(header);

  const match = matches.get(m.id);
  const snapshot = view.snapshot;
  if (snapshot && snapshot.key.mode === 'search' && snapshot.key.topic === undefined) {
    // Channel-wide results come from many topics: each says which, and opens it.
    const subject = actionButton('', l10n.t('Open the topic “{0}”', m.topic), () =>
      command(ActionCommand, { messageId: m.id, action: 'openTopic' }),
    );
    subject.classList.add('subject', 'topic-name');
    if (match && match.subjectHtml) setServerHtml(subject, match.subjectHtml, realm());
    else subject.textContent = m.topic;
    main.append(subject);
  } else if (match && match.subjectHtml && snapshot && snapshot.mode === 'search') {
    const subject = el('div', 'subject muted');
    setServerHtml(subject, match.subjectHtml, realm());
    main.append(subject);
  }
  const body = el('div', 'content rendered_markdown');
  // Images wait in data-src: the page loads them through the host (content.ts).
  setServerHtml(body, match ? match.html : m.html, realm(), { deferImages: true });
  if (match) li.classList.add('match');
  main.append(body);

  if (m.reactions.length > 0) {
    const reactions = el('div', 'reactions');
    for (const r of m.reactions) reactions.append(reactionButton(m, r));
    main.append(reactions);
  }
  li.append(main);
  enhanceMessage(li, m);
  return li;
}

/**
 * A message whose row could not be drawn (whatever threw): its sender and time, the note and its
 * plain text, so one bad message leaves the rest of the list as it is.
 */
function unrenderableMessage(m: MessageModel): HTMLElement {
  const li = el('li', 'message unrenderable-message');
  li.dataset.id = String(m.id);
  li.tabIndex = -1;
  li.setAttribute('aria-label', `${m.senderName}, ${formatTime(m.timestamp)}`);
  li.append(avatar(m));
  const main = el('div', 'message-main');
  const header = el('div', 'message-header');
  header.append(el('span', 'sender', m.senderName), el('time', 'time muted', formatTime(m.timestamp)));
  const body = el('div', 'content');
  body.append(unrenderable(document, m.html));
  main.append(header, body);
  li.append(main);
  return li;
}

/** {@link renderMessage}, or when drawing it throws, {@link unrenderableMessage}. */
export function renderIsolated(m: MessageModel): HTMLElement {
  try {
    return renderMessage(m);
  } catch (error) {
    console.error(`Message ${m.id} could not be drawn`, error);
    return unrenderableMessage(m);
  }
}

/**
 * The rows: only those on screen (and a margin) are in the DOM (./virtualList.ts). A row is
 * rendered from its model each time it comes into view; what the page adds to a row later (an
 * open edit history, the unread observer) is put back from data, not kept in the DOM.
 */
export const rows = new VirtualList(list, scroller, {
  render: (id) => {
    const node = renderIsolated(models.get(id)!);
    if (isHistoryOpen(id)) void showHistory(node, id);
    return node;
  },
  attached: (_id, node) => observe(node),
  detached: (_id, node) => unobserve(node),
});
rows.watchAbove(older);

/** The message's element while it is in the DOM (see {@link rows}). */
export function nodeOf(id: number): HTMLElement | null {
  return rows.node(id) ?? null;
}

export function isAtBottom(): boolean {
  return rows.pinned;
}

export function scrollToBottom(): void {
  rows.scrollToBottom();
}

/** Inserts or replaces, keeping id order; returns the messages that were not shown before. */
export function upsert(messages: readonly MessageModel[]): MessageModel[] {
  const added: MessageModel[] = [];
  for (const m of messages) {
    if (!models.has(m.id)) added.push(m);
    else if (isHistoryOpen(m.id)) forgetHistory(m.id);
    models.set(m.id, m);
  }
  rows.upsert(messages.map((m) => m.id));
  updateOldest();
  updateEmpty();
  keepOneReachable();
  return added;
}

/** New messages are announced politely to screen readers (sender and text), not the whole list. */
export function announce(added: readonly MessageModel[]): void {
  const others = added.filter((m) => !m.own);
  if (others.length === 0) return;
  const text = (m: MessageModel) => {
    return messagePreview(m.html, 200);
  };
  dom.$('announcer').textContent =
    others.length === 1
      ? l10n.t('New message from {0}: {1}', others[0]!.senderName, text(others[0]!))
      : l10n.t('{0} new messages, the last from {1}', others.length, others[others.length - 1]!.senderName);
}

export function remove(ids: readonly number[]): void {
  const next = focusAfterRemoval(ids);
  for (const id of ids) models.delete(id);
  rows.remove(ids);
  updateOldest();
  updateEmpty();
  if (next !== undefined) makeCurrent(next, true);
  keepOneReachable();
}

/** When the focus is in a message about to go: the message that takes it (the next one, else the one before). */
function focusAfterRemoval(ids: readonly number[]): number | undefined {
  const row = document.activeElement?.closest<HTMLElement>('li.message');
  const id = row && list.contains(row) ? Number(row.dataset.id) : undefined;
  if (id === undefined || !ids.includes(id)) return undefined;
  const all = rows.ids();
  const at = rows.indexOf(id);
  const gone = new Set(ids);
  return (
    all.slice(at + 1).find((x) => !gone.has(x)) ??
    all
      .slice(0, at)
      .reverse()
      .find((x) => !gone.has(x))
  );
}

export function updateOldest(): void {
  state.oldestLoadedId = rows.ids()[0];
  rows.setSetSize(view.foundOldest ? rows.ids().length : -1);
  save();
}

export function updateEmpty(): void {
  const mode = view.snapshot?.mode ?? 'topic';
  const searching = mode === 'search';
  if (models.size === 0) older.textContent = searching ? l10n.t('No messages match.') : l10n.t('No messages yet.');
  else
    older.textContent = !view.foundOldest
      ? ''
      : searching
        ? l10n.t('All matching messages are shown.')
        : beginningText(mode);
}

export function renderTopicLinks(links: readonly TopicLinkModel[]): void {
  const nav = dom.$('topic-links');
  nav.replaceChildren();
  for (const link of links) {
    const a = el('a', 'topic-link', link.text);
    a.href = link.url;
    nav.append(a);
  }
}
