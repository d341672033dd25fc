// Topic view webview, on top of media/common.js (`ready`, links through `openLink`, requests,
// notifications). Speaks src/webviews/topicView/protocol.ts. Text goes in with textContent; the only HTML inserted
// is message content the extension host has already sanitised (model.html, match html, history).
// State (saved with setState, no retained context): what is shown, the oldest loaded id, the
// scroll position, the compose draft and the search query. Text the host inserts (snippets) goes
// in at the caret; the page reports the compose text back (`topic/composeText`).
// @ts-check
(function () {
  const { vscode, el, avatar, errorText, request, command, onNotification, ready } = /** @type {any} */ (window).teamChat;
  const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
  const list = $('list');
  const scroller = $('messages');
  const older = $('older');
  const compose = /** @type {HTMLFormElement} */ ($('compose'));
  const text = /** @type {HTMLTextAreaElement} */ ($('compose-text'));
  const composeError = $('compose-error');
  const composeCount = $('compose-count');
  const sendButton = /** @type {HTMLButtonElement} */ ($('send'));
  const searchForm = /** @type {HTMLFormElement} */ ($('search-form'));
  const searchInput = /** @type {HTMLInputElement} */ ($('search'));
  const notice = $('notice');

  /** @type {{key?: unknown, oldestLoadedId?: number, scrollTop?: number, atBottom?: boolean, draft?: string, query?: string}} */
  const state = vscode.getState() || {};
  const save = () => vscode.setState(state);

  /** id → model */
  const models = new Map();
  /** id → {html, subjectHtml} */
  const matches = new Map();
  let snapshot = /** @type {any} */ (undefined);
  let foundOldest = false;
  let loadingOlder = false;
  let maxLength = 10000;

  // ---- rendering ------------------------------------------------------------------------------
  const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  const formatTime = (seconds) => timeFormat.format(new Date(seconds * 1000));

  function actionButton(label, title, onClick) {
    const b = /** @type {HTMLButtonElement} */ (el('button', 'action', label));
    b.type = 'button';
    b.title = title;
    b.addEventListener('click', onClick);
    return b;
  }

  function reactionButton(m, r) {
    const b = /** @type {HTMLButtonElement} */ (el('button', r.mine ? 'reaction mine' : 'reaction'));
    b.type = 'button';
    b.append(el('span', 'reaction-emoji', r.glyph || `:${r.emojiName}:`), el('span', 'reaction-count', String(r.count)));
    b.title = `${r.names.join(', ')} reacted with :${r.emojiName}:`;
    b.setAttribute('aria-pressed', r.mine ? 'true' : 'false');
    b.dataset.emoji = r.emojiName;
    b.addEventListener('click', () => react({ messageId: m.id, emojiName: r.emojiName, emojiCode: r.emojiCode, reactionType: r.reactionType }));
    return b;
  }

  function react(params) {
    request('topic/react', params).catch((e) => showNotice(errorText(e)));
  }

  function renderMessage(m) {
    const li = el('li', 'message');
    li.dataset.id = String(m.id);
    if (m.unread) li.classList.add('unread');
    if (m.own) li.classList.add('own');
    li.append(avatar(m));
    const main = el('div', 'message-main');
    const header = el('div', 'message-header');
    header.append(el('span', 'sender', m.senderName));
    const time = el('time', 'time muted', formatTime(m.timestamp));
    time.setAttribute('datetime', new Date(m.timestamp * 1000).toISOString());
    header.append(time);
    if (m.edited) {
      const marker = actionButton('(edited)', `Edited ${formatTime(m.lastEditTimestamp)} — show the edit history`, () => toggleHistory(li, m.id));
      marker.classList.add('marker', 'edited');
      header.append(marker);
    }
    if (m.moved) {
      const marker = actionButton('(moved)', `Moved ${formatTime(m.lastMovedTimestamp)} — show the edit history`, () => toggleHistory(li, m.id));
      marker.classList.add('marker', 'moved');
      header.append(marker);
    }
    const actions = el('span', 'actions');
    actions.append(actionButton('☺+', 'Add a reaction', () => react({ messageId: m.id })));
    if (m.own) actions.append(actionButton('Edit', 'Edit this message', () => command('topic/action', { messageId: m.id, action: 'edit' })));
    actions.append(actionButton('Link', 'Copy a link to this message', () => command('topic/action', { messageId: m.id, action: 'copyLink' })));
    actions.append(actionButton('Remind', 'Create a reminder about this message', () => command('topic/action', { messageId: m.id, action: 'remind' })));
    header.append(actions);
    main.append(header);

    const match = matches.get(m.id);
    if (snapshot && snapshot.mode === 'search' && snapshot.key.topic === undefined) {
      // Channel-wide results come from many topics: each says which, and opens it.
      const subject = actionButton('', `Open the topic “${m.topic}”`, () => command('topic/action', { messageId: m.id, action: 'openTopic' }));
      subject.classList.add('subject', 'topic-name');
      if (match && match.subjectHtml) subject.innerHTML = match.subjectHtml; // sanitised in the host
      else subject.textContent = m.topic;
      main.append(subject);
    } else if (match && match.subjectHtml && snapshot && snapshot.mode === 'search') {
      const subject = el('div', 'subject muted');
      subject.innerHTML = match.subjectHtml; // sanitised in the host
      main.append(subject);
    }
    const body = el('div', 'content rendered_markdown');
    // Sanitised in the extension host (src/webviews/sanitize.ts) before it was posted.
    body.innerHTML = match ? match.html : m.html;
    if (match) li.classList.add('match');
    main.append(body);

    if (m.reactions.length > 0) {
      const reactions = el('div', 'reactions');
      for (const r of m.reactions) reactions.append(reactionButton(m, r));
      main.append(reactions);
    }
    li.append(main);
    return li;
  }

  function nodeOf(id) {
    return list.querySelector(`li.message[data-id="${Number(id)}"]`);
  }

  function isAtBottom() {
    return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 40;
  }

  /** Inserts or replaces, keeping id order. */
  function upsert(messages) {
    const stick = isAtBottom();
    for (const m of messages) {
      models.set(m.id, m);
      const node = renderMessage(m);
      const existing = nodeOf(m.id);
      const history = existing && existing.querySelector('.history');
      if (existing) {
        existing.replaceWith(node);
        if (history) toggleHistory(node, m.id);
      } else {
        let next = null;
        for (const child of list.children) {
          if (Number(/** @type {HTMLElement} */ (child).dataset.id) > m.id) {
            next = child;
            break;
          }
        }
        list.insertBefore(node, next);
      }
      observe(node);
    }
    updateOldest();
    updateEmpty();
    if (stick) scrollToBottom();
  }

  function remove(ids) {
    for (const id of ids) {
      models.delete(id);
      const node = nodeOf(id);
      if (node) node.remove();
    }
    updateOldest();
    updateEmpty();
  }

  function updateOldest() {
    const first = /** @type {HTMLElement | null} */ (list.firstElementChild);
    state.oldestLoadedId = first ? Number(first.dataset.id) : undefined;
    save();
  }

  function updateEmpty() {
    const searching = snapshot !== undefined && snapshot.mode === 'search';
    if (models.size === 0) older.textContent = searching ? 'No messages match.' : 'No messages yet.';
    else older.textContent = !foundOldest ? '' : searching ? 'All matching messages are shown.' : 'Beginning of the topic';
  }

  function scrollToBottom() {
    scroller.scrollTop = scroller.scrollHeight;
  }

  async function toggleHistory(li, id) {
    const open = li.querySelector('.history');
    if (open) {
      open.remove();
      return;
    }
    const box = el('div', 'history', 'Loading the edit history…');
    li.querySelector('.message-main').append(box);
    try {
      const items = await request('topic/history', { messageId: id });
      box.replaceChildren(el('div', 'history-title', 'Edit history'));
      for (const item of items) {
        const entry = el('div', 'history-entry');
        entry.append(el('div', 'muted', `${formatTime(item.timestamp)} — ${item.userName}`));
        if (item.prevTopic !== undefined && item.topic !== undefined) entry.append(el('div', 'history-move', `Topic: ${item.prevTopic} → ${item.topic}`));
        if (item.prevChannel !== undefined && item.channel !== undefined) entry.append(el('div', 'history-move', `Channel: #${item.prevChannel} → #${item.channel}`));
        if (item.prevHtml !== undefined) {
          const prev = el('div', 'history-content rendered_markdown');
          prev.innerHTML = item.prevHtml; // sanitised in the host
          entry.append(el('div', 'muted', 'Before:'), prev);
        }
        box.append(entry);
      }
    } catch (e) {
      box.textContent = errorText(e);
    }
  }

  function renderTopicLinks(links) {
    const nav = $('topic-links');
    nav.replaceChildren();
    for (const link of links) {
      const a = /** @type {HTMLAnchorElement} */ (el('a', 'topic-link', link.text));
      a.href = link.url;
      nav.append(a);
    }
  }

  function render(s) {
    snapshot = s;
    state.key = s.key;
    save();
    foundOldest = s.foundOldest;
    maxLength = s.maxMessageLength || 10000;
    document.body.classList.toggle('search-mode', s.mode === 'search');
    $('title').textContent = s.title;
    document.title = s.title;
    renderTopicLinks(s.topicLinks);
    matches.clear();
    for (const match of s.matches || []) matches.set(match.id, match);
    list.replaceChildren();
    models.clear();
    upsert(s.messages);
    if (s.mode === 'search') {
      compose.hidden = true;
      searchForm.hidden = true;
    }
    if (typeof state.scrollTop === 'number' && state.atBottom === false) scroller.scrollTop = state.scrollTop;
    else scrollToBottom();
    if (state.query && s.mode === 'topic') {
      searchInput.value = state.query;
      runSearch(state.query);
    }
    maybeLoadOlder();
  }

  // ---- older messages on scroll ---------------------------------------------------------------
  async function maybeLoadOlder() {
    if (loadingOlder || foundOldest || scroller.scrollTop > 80 || models.size === 0) return;
    loadingOlder = true;
    older.textContent = 'Loading older messages…';
    const before = scroller.scrollHeight - scroller.scrollTop;
    try {
      const page = await request('topic/loadOlder', {});
      foundOldest = page.foundOldest;
      const stick = false;
      for (const m of page.messages) models.set(m.id, m);
      const frag = document.createDocumentFragment();
      for (const m of page.messages) {
        if (nodeOf(m.id)) continue;
        const node = renderMessage(m);
        frag.append(node);
        observe(node);
      }
      list.insertBefore(frag, list.firstChild);
      scroller.scrollTop = scroller.scrollHeight - before;
      void stick;
      updateOldest();
    } catch (e) {
      showNotice(errorText(e));
    } finally {
      loadingOlder = false;
      updateEmpty();
    }
  }

  let scrollTimer;
  scroller.addEventListener('scroll', () => {
    clearTimeout(scrollTimer);
    scrollTimer = setTimeout(() => {
      state.scrollTop = scroller.scrollTop;
      state.atBottom = isAtBottom();
      save();
      maybeLoadOlder();
    }, 100);
  });

  // ---- visible → read -------------------------------------------------------------------------
  const visible = new Set();
  let visibleTimer;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const id = Number(/** @type {HTMLElement} */ (entry.target).dataset.id);
        if (entry.isIntersecting) visible.add(id);
        else visible.delete(id);
      }
      reportVisible();
    },
    { root: scroller, threshold: 0.5 },
  );
  function observe(node) {
    if (node.classList.contains('unread')) observer.observe(node);
  }
  function reportVisible() {
    clearTimeout(visibleTimer);
    visibleTimer = setTimeout(() => {
      if (document.visibilityState !== 'visible' || visible.size === 0) return;
      const ids = [...visible].filter((id) => {
        const m = models.get(id);
        return m && m.unread;
      });
      if (ids.length > 0) command('topic/visible', { ids: ids.slice(0, 1000) });
    }, 300);
  }
  document.addEventListener('visibilitychange', reportVisible);

  // ---- compose --------------------------------------------------------------------------------
  text.value = state.draft || '';
  function updateCount() {
    const n = [...text.value].length;
    composeCount.textContent = n > maxLength * 0.8 ? `${n} / ${maxLength}` : '';
    composeCount.classList.toggle('over', n > maxLength);
  }
  let draftTimer;
  /** Tells the host what the box holds (debounced while typing). */
  function reportDraft(delayMs) {
    clearTimeout(draftTimer);
    draftTimer = setTimeout(() => command('topic/composeText', { text: text.value }), delayMs);
  }
  text.addEventListener('input', () => {
    state.draft = text.value;
    save();
    composeError.textContent = '';
    updateCount();
    reportDraft(500);
  });
  /** Host text (a snippet) at the caret, replacing a selection; the draft around it stays. */
  function insertIntoCompose(insert) {
    if (compose.hidden || typeof insert !== 'string') return;
    text.setRangeText(insert, text.selectionStart, text.selectionEnd, 'end');
    state.draft = text.value;
    save();
    composeError.textContent = '';
    updateCount();
    text.focus();
    reportDraft(0);
  }
  if (text.value !== '') reportDraft(0);
  text.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      compose.requestSubmit();
    }
  });
  compose.addEventListener('submit', async (event) => {
    event.preventDefault();
    const content = text.value;
    if (content.trim() === '') return;
    sendButton.disabled = true;
    composeError.textContent = '';
    try {
      await request('topic/send', { content });
      if (text.value === content) text.value = '';
      state.draft = text.value;
      save();
      updateCount();
      reportDraft(0);
      state.atBottom = true;
    } catch (e) {
      // The text stays; the API layer's message says what to fix (e.g. too long).
      composeError.textContent = errorText(e);
    } finally {
      sendButton.disabled = false;
      text.focus();
    }
  });

  // ---- search ---------------------------------------------------------------------------------
  function applyMatches(found) {
    for (const match of found) {
      matches.set(match.id, match);
      const m = models.get(match.id);
      const node = nodeOf(match.id);
      if (m && node) node.replaceWith(renderMessage(m));
    }
  }
  async function runSearch(query) {
    state.query = query;
    save();
    const had = [...matches.keys()];
    matches.clear();
    for (const id of had) {
      const m = models.get(id);
      const node = nodeOf(id);
      if (m && node) node.replaceWith(renderMessage(m));
    }
    if (query.trim() === '') {
      await request('topic/search', { query: '' }).catch(() => undefined);
      return;
    }
    try {
      applyMatches(await request('topic/search', { query }));
      const first = list.querySelector('li.match');
      if (first) first.scrollIntoView({ block: 'center' });
    } catch (e) {
      showNotice(errorText(e));
    }
  }
  searchForm.addEventListener('submit', (event) => {
    event.preventDefault();
    runSearch(searchInput.value);
  });
  searchInput.addEventListener('search', () => {
    if (searchInput.value === '') runSearch('');
  });

  // ---- notices --------------------------------------------------------------------------------
  function showNotice(message) {
    notice.textContent = message;
    notice.hidden = message === '';
  }

  // ---- notifications from the host ------------------------------------------------------------
  onNotification('topic/upsert', (p) => snapshot && upsert(p.messages));
  onNotification('topic/remove', (p) => remove(p.ids));
  onNotification('topic/matches', (p) => applyMatches(p.matches));
  onNotification('topic/notice', (p) => showNotice(p.text));
  onNotification('topic/insertCompose', (p) => insertIntoCompose(p.text));

  ready();
  request('topic/init', state.oldestLoadedId ? { oldestLoadedId: state.oldestLoadedId } : {})
    .then(render)
    .catch((e) => {
      older.textContent = '';
      showNotice(`Could not load the topic: ${e && e.message ? e.message : e}`);
    });
})();
