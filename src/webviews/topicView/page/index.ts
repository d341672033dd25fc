/**
 * The topic view page (host: ../panel.ts), bundled to dist/webview/topicView.js. Asks for its
 * content (`topic/init`, from the oldest message it had), then follows the host's notifications.
 * One {@link TopicPage} owns the parts and starts them in the order written in its `start`: what
 * every page shares (page/common.ts) and the saved state, the compose box and what works on it,
 * the message content's links and code blocks, the list (read marking, keyboard, rows, older
 * messages), search, then the host's notifications; then it says it is ready and asks for its
 * content. The modules hold the parts; none starts itself on import.
 */
import * as l10n from '@vscode/l10n';
import { onNotification, ready, request, startPage } from '../../page/common';
import {
  InitRequest,
  InsertComposeNotification,
  MatchesNotification,
  NoticeNotification,
  RemoveNotification,
  RevealNotification,
  UpsertNotification,
  type TopicSnapshot,
} from '../protocol';
import { startAutocomplete } from './autocomplete';
import { startCodeBlocks } from './codeBlocks';
import { startCodeLinks } from './codeLinks';
import { insertIntoCompose, startCompose } from './compose';
import { startNarrowLinks } from './content';
import { restoreDraft } from './drafts';
import { keepOneReachable, startKeyboard } from './keyboard';
import {
  announce,
  remove,
  renderTopicLinks,
  rows,
  scrollToBottom,
  startMessages,
  updateEmpty,
  updateOldest,
  upsert,
} from './messages';
import { maybeLoadOlder, startOlder } from './older';
import { startOutbox } from './outbox';
import { startPreview } from './preview';
import { revealMessage } from './reveal';
import { applyMatches, runSearch, startSearch } from './search';
import { dom, loadState, matches, models, save, showNotice, state, view } from './state';
import { startTyping } from './typing';
import { startUpload } from './upload';
import { startVisible } from './visible';

const { scroller, older, compose, searchForm, searchInput } = dom;

function render(s: TopicSnapshot): void {
  view.snapshot = s;
  state.key = s.key;
  save();
  view.foundOldest = s.foundOldest;
  view.maxLength = s.maxMessageLength || 10000;
  document.body.classList.toggle('search-mode', s.mode === 'search');
  dom.$('title').textContent = s.title;
  document.title = s.title;
  renderTopicLinks(s.topicLinks);
  matches.clear();
  for (const match of s.matches || []) matches.set(match.id, match);
  models.clear();
  for (const m of s.messages) models.set(m.id, m);
  rows.reset(s.messages.map((m) => m.id));
  updateOldest();
  updateEmpty();
  keepOneReachable();
  if (s.mode === 'search') {
    compose.hidden = true;
    searchForm.hidden = true;
  }
  // An archived channel: read, never written (no compose box; the rows offer no writing action).
  const readOnly = dom.$('read-only');
  readOnly.textContent = s.readOnly ?? '';
  readOnly.hidden = s.readOnly === undefined;
  if (s.readOnly !== undefined) compose.hidden = true;
  if (s.mode === 'dm') {
    const where = s.topic === '' ? l10n.t('yourself') : s.topic;
    dom.text.placeholder = l10n.t('Message {0} (Ctrl+Enter to send)', where);
    searchInput.placeholder = l10n.t('Search in this conversation');
    searchInput.setAttribute('aria-label', l10n.t('Search in this conversation'));
  }
  if (s.anchor !== undefined && revealMessage(s.anchor)) {
    // Opened at a message: it stays in view (no jump to the bottom).
  } else if (state.atBottom === false && state.topId !== undefined && rows.has(state.topId)) {
    rows.scrollTo(state.topId, 'start');
    scroller.scrollTop += state.topOffset ?? 0;
  } else if (typeof state.scrollTop === 'number' && state.atBottom === false) scroller.scrollTop = state.scrollTop;
  else scrollToBottom();
  if (state.query && s.mode !== 'search') {
    searchInput.value = state.query;
    void runSearch(state.query);
  }
  void maybeLoadOlder();
  performance.mark('topic:rendered');
  // The first screen is painted after this frame (User Timing: the UI test and the devtools read it).
  requestAnimationFrame(() => setTimeout(() => performance.measure('topic:first-screen', 'topic:init'), 0));
}

/** The topic view page: its parts, started in this order. */
class TopicPage {
  start(): void {
    // What every page shares (the host's handle and messages, link clicks), then the saved state.
    startPage();
    loadState();
    // The compose box first (the saved draft back in it), then what works on it.
    startCompose();
    startTyping();
    startOutbox();
    startUpload();
    startAutocomplete();
    startPreview();
    // Message content: links to code and to conversations, code blocks' playgrounds.
    startCodeLinks();
    startNarrowLinks();
    startCodeBlocks();
    // The list: read marking, the keyboard, the rows (and their buttons), older messages; search.
    startVisible();
    startKeyboard();
    startMessages();
    startOlder();
    startSearch();
    this.#follow();
    ready();
    restoreDraft();
    this.#load();
  }

  /** The host's notifications. */
  #follow(): void {
    onNotification(UpsertNotification, (p) => view.snapshot && announce(upsert(p.messages)));
    onNotification(RemoveNotification, (p) => remove(p.ids));
    onNotification(MatchesNotification, (p) => applyMatches(p.matches));
    onNotification(NoticeNotification, (p) => showNotice(p.text));
    onNotification(RevealNotification, (p) => revealMessage(p.id));
    onNotification(InsertComposeNotification, (p) => insertIntoCompose(p.text));
  }

  /** Asks for the content (from the oldest message it had) and shows it. */
  #load(): void {
    performance.mark('topic:init');
    request(InitRequest, state.oldestLoadedId ? { oldestLoadedId: state.oldestLoadedId } : {})
      .then((s) => {
        performance.mark('topic:snapshot');
        render(s);
      })
      .catch((e) => {
        older.textContent = '';
        showNotice(l10n.t('Could not load the topic: {0}', e && e.message ? e.message : e));
      });
  }
}

new TopicPage().start();
