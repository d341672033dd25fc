/**
 * The message list: one `li.message` per message, in id order. Text goes in with textContent; the
 * only HTML inserted is the server's (model.html, match html), sanitised first by ../../page/sanitize.ts.
 */
import * as l10n from '@vscode/l10n';
import { command, errorText, request } from '../../page/common';
import {
  avatar,
  delegate,
  html,
  nothing,
  render,
  renderElement,
  type ActionHandler,
  type TemplateResult,
} from '../../page/view';
import { beginningText, messagePreview } from '../../page/shared';
import { setServerHtml, unrenderable } from '../../page/sanitize';
import {
  ActionCommand,
  ReactRequest,
  MESSAGE_ACTIONS,
  type MatchModel,
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

/** A button of a message row; a click runs its `data-action` (see {@link startMessages}). */
function actionButton(label: string, title: string, action: string, className = 'action'): TemplateResult {
  return html`<button type="button" class=${className} data-action=${action} title=${title}>${label}</button>`;
}

function reactionButton(r: ReactionModel): TemplateResult {
  return html`<button
    type="button"
    class=${r.mine ? 'reaction mine' : 'reaction'}
    data-action="reaction"
    data-emoji=${r.emojiName}
    title=${l10n.t('{0} reacted with :{1}:', r.names.join(', '), r.emojiName)}
    aria-pressed=${r.mine ? 'true' : 'false'}
    ?disabled=${!writable()}
  >
    <span class="reaction-emoji">${r.glyph || `:${r.emojiName}:`}</span
    ><span class="reaction-count">${String(r.count)}</span>
  </button>`;
}

function react(params: ReactParams): void {
  request(ReactRequest, params).catch((e) => showNotice(errorText(e)));
}

/** The header's markers: "(edited)" and "(moved)", each opening the edit history. */
function markers(m: MessageModel): TemplateResult[] {
  // `edited`/`moved` come with their timestamps (src/webviews/topicView/model.ts).
  const shown: TemplateResult[] = [];
  if (m.edited) {
    const title = l10n.t('Edited {0} — show the edit history', formatTime(m.lastEditTimestamp ?? m.timestamp));
    shown.push(actionButton(l10n.t('(edited)'), title, 'edited', 'action marker edited'));
  }
  if (m.moved) {
    const title = l10n.t('Moved {0} — show the edit history', formatTime(m.lastMovedTimestamp ?? m.timestamp));
    shown.push(actionButton(l10n.t('(moved)'), title, 'moved', 'action marker moved'));
  }
  return shown;
}

/** The message's actions (a toolbar), the star last. */
function actions(m: MessageModel): TemplateResult {
  const write = writable();
  const buttons: TemplateResult[] = [];
  if (write) {
    buttons.push(actionButton(l10n.t('Reply'), l10n.t('Reply (r)'), 'reply'));
    buttons.push(actionButton(l10n.t('Quote'), l10n.t('Quote and reply (q)'), 'quote'));
    buttons.push(actionButton('☺+', l10n.t('Add a reaction'), 'react'));
  }
  if (m.own && write) buttons.push(actionButton(l10n.t('Edit'), l10n.t('Edit this message (e)'), 'edit'));
  buttons.push(actionButton(l10n.t('Link'), l10n.t('Copy a link to this message'), 'copyLink'));
  buttons.push(actionButton(l10n.t('Remind'), l10n.t('Create a reminder about this message'), 'remind'));
  if (m.readReceipts) buttons.push(actionButton(l10n.t('Read by'), l10n.t('See who has read this message'), 'readBy'));
  buttons.push(actionButton(l10n.t('Unread'), l10n.t('Mark as unread from here (u)'), 'markUnread'));
  if (m.canReport)
    buttons.push(actionButton(l10n.t('Report…'), l10n.t('Report this message to the moderators'), 'report'));
  if (m.canDelete && write) buttons.push(actionButton(l10n.t('Delete'), l10n.t('Delete this message'), 'delete'));
  const star = m.starred ? l10n.t('Unstar this message (s)') : l10n.t('Star this message (s)');
  return html`<span class="actions" role="toolbar" aria-label=${l10n.t('Message actions')}
    >${buttons}<button
      type="button"
      class="action star"
      data-action="star"
      title=${star}
      aria-pressed=${m.starred ? 'true' : 'false'}
    >
      ${m.starred ? '★' : '☆'}
    </button></span
  >`;
}

/** A search result's topic: channel-wide results come from many topics (each says which, and opens it). */
function subject(m: MessageModel, match: MatchModel | undefined): TemplateResult | typeof nothing {
  const snapshot = view.snapshot;
  if (snapshot && snapshot.key.mode === 'search' && snapshot.key.topic === undefined)
    return html`<button
      type="button"
      class="action subject topic-name"
      data-action="openTopic"
      data-server-html
      title=${l10n.t('Open the topic “{0}”', m.topic)}
    ></button>`;
  if (match && match.subjectHtml && snapshot && snapshot.mode === 'search')
    return html`<div class="subject muted" data-server-html></div>`;
  return nothing;
}

function messageTemplate(m: MessageModel, match: MatchModel | undefined): TemplateResult {
  const time = formatTime(m.timestamp);
  const classes = ['message', m.unread && 'unread', m.own && 'own', m.starred && 'starred', match && 'match'];
  return html`<li
    class=${classes.filter(Boolean).join(' ')}
    data-id=${String(m.id)}
    tabindex="-1"
    aria-label=${m.unread ? l10n.t('{0}, {1}, unread', m.senderName, time) : `${m.senderName}, ${time}`}
  >
    ${avatar(m)}
    <div class="message-main">
      <div class="message-header">
        <span class="sender">${m.senderName}</span
        ><time class="time muted" datetime=${new Date(m.timestamp * 1000).toISOString()}>${time}</time>${markers(m)}${
          // A starred message shows its star even when the actions are hidden (the button keeps it).
          m.starred ? html`<span class="star-mark">★</span>` : nothing
        }${actions(m)}
      </div>
      ${subject(m, match)}
      <div class="content rendered_markdown" data-server-html></div>
      ${m.reactions.length > 0 ? html`<div class="reactions">${m.reactions.map(reactionButton)}</div>` : nothing}
    </div>
  </li>`;
}

export function renderMessage(m: MessageModel): HTMLElement {
  const match = matches.get(m.id);
  const li = renderElement(messageTemplate(m, match));
  // Server HTML goes in through the sanitiser only, after the template (never through it).
  const topic = li.querySelector<HTMLElement>('.subject');
  if (topic && match && match.subjectHtml) setServerHtml(topic, match.subjectHtml, realm());
  else if (topic) topic.textContent = m.topic;
  // Images wait in data-src: the page loads them through the host (content.ts).
  setServerHtml(li.querySelector('.content')!, match ? match.html : m.html, realm(), { deferImages: true });
  enhanceMessage(li, m);
  return li;
}

/** What the buttons of a row do, by their `data-action` (one listener on the list). */
function rowActions(): Record<string, ActionHandler> {
  const id = (button: HTMLElement): number => Number(button.closest<HTMLElement>('li.message')!.dataset.id);
  const act = (action: MessageAction) => (button: HTMLElement) =>
    command(ActionCommand, { messageId: id(button), action });
  const history = (button: HTMLElement) => {
    const li = button.closest<HTMLElement>('li.message')!;
    void toggleHistory(li, Number(li.dataset.id));
  };
  const handlers: Record<string, ActionHandler> = {
    reply: (b) => reply(id(b)),
    react: (b) => react({ messageId: id(b) }),
    reaction: (b) => {
      const r = models.get(id(b))?.reactions.find((x) => x.emojiName === b.dataset.emoji);
      if (r) react({ messageId: id(b), emojiName: r.emojiName, emojiCode: r.emojiCode, reactionType: r.reactionType });
    },
    edited: history,
    moved: history,
  };
  for (const action of MESSAGE_ACTIONS) handlers[action] = act(action);
  return handlers;
}

/**
 * A message whose row could not be drawn (whatever threw): its sender and time, the note and its
 * plain text, so one bad message leaves the rest of the list as it is.
 */
function unrenderableMessage(m: MessageModel): HTMLElement {
  const time = formatTime(m.timestamp);
  const li = renderElement(
    html`<li
      class="message unrenderable-message"
      data-id=${String(m.id)}
      tabindex="-1"
      aria-label=${`${m.senderName}, ${time}`}
    >
      ${avatar(m)}
      <div class="message-main">
        <div class="message-header">
          <span class="sender">${m.senderName}</span><time class="time muted">${time}</time>
        </div>
        <div class="content"></div>
      </div>
    </li>`,
  );
  li.querySelector('.content')!.append(unrenderable(document, m.html));
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
 * open edit history, the unread observer) is put back from data, not kept in the DOM. Made by
 * {@link startMessages}.
 */
export let rows: VirtualList;

/** Starts the message list: its rows, and one click listener for the buttons of every row. */
export function startMessages(): void {
  rows = new VirtualList(list, scroller, {
    render: (id) => {
      const node = renderIsolated(models.get(id)!);
      if (isHistoryOpen(id)) void showHistory(node, id);
      return node;
    },
    attached: (_id, node) => observe(node),
    detached: (_id, node) => unobserve(node),
  });
  rows.watchAbove(older);
  delegate(list, rowActions());
}

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
  render(
    links.map((link) => html`<a class="topic-link" href=${link.url}>${link.text}</a>`),
    dom.$('topic-links'),
  );
}
