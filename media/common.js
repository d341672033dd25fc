// Browser code every Team Chat webview shares, loaded (with the page's nonce) before the page's own
// script: the one VS Code API handle (acquireVsCodeApi may be called only once per page), DOM
// helpers that insert text with textContent only, requests with replies, notifications by method,
// and links opened through the host. Speaks the shared part of src/webviews/protocol.ts (`ready`,
// `openLink`, `kind: command | request | reply | notification`).
// @ts-check
(function () {
  // eslint-disable-next-line no-undef
  const vscode = acquireVsCodeApi();

  /** @param {string} tag @param {string=} className @param {string=} text @returns {any} */
  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** @param {string} text @param {string} href @returns {HTMLAnchorElement} */
  function link(text, href) {
    const a = el('a', undefined, text);
    a.href = href;
    return a;
  }

  /** Appends a `<dt>name</dt><dd>value</dd>` pair to a `<dl>`; returns the `<dd>`. */
  function row(list, name, value) {
    list.append(el('dt', undefined, name));
    const dd = el('dd');
    if (typeof value === 'string') dd.textContent = value;
    else dd.append(value);
    list.append(dd);
    return dd;
  }

  /** The picture at `avatarUrl`, or the initials when there is none or it does not load. */
  function avatar(/** @type {{initials: string, avatarUrl?: string}} */ model) {
    const fallback = el('div', 'avatar initials', model.initials);
    fallback.setAttribute('aria-hidden', 'true');
    if (!model.avatarUrl) return fallback;
    const img = /** @type {HTMLImageElement} */ (el('img', 'avatar'));
    img.alt = '';
    img.addEventListener('error', () => img.replaceWith(fallback), { once: true });
    img.src = model.avatarUrl;
    return img;
  }

  /** A user-facing text for a failed request or another error. */
  const errorText = (/** @type {any} */ e) => String(e && e.message ? e.message : e);

  let nextId = 1;
  /** @type {Map<number, {resolve: (v: any) => void, reject: (e: Error) => void}>} */
  const pending = new Map();
  /** Asks the host; resolves with its result, rejects with its user-facing error. */
  function request(/** @type {string} */ method, /** @type {unknown} */ params) {
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      vscode.postMessage({ kind: 'request', method, id, params: params || {} });
    });
  }
  /** Tells the host, expecting no answer. */
  function command(/** @type {string} */ method, /** @type {unknown} */ params) {
    vscode.postMessage({ kind: 'command', method, params: params || {} });
  }

  /** @type {Map<string, (params: any) => void>} */
  const handlers = new Map();
  /** Handles the host's notifications of `method` (one handler per method). */
  function onNotification(/** @type {string} */ method, /** @type {(params: any) => void} */ handler) {
    handlers.set(method, handler);
  }

  window.addEventListener('message', (event) => {
    const m = event.data;
    if (!m || typeof m !== 'object') return;
    if (m.kind === 'reply') {
      const waiter = pending.get(m.id);
      if (!waiter) return;
      pending.delete(m.id);
      if (m.error !== undefined) waiter.reject(new Error(m.error));
      else waiter.resolve(m.result);
    } else if (m.kind === 'notification' && m.params) {
      const handle = handlers.get(m.method);
      if (handle) handle(m.params);
    }
  });

  // Links open through the host, which allows http(s) and mailto only; in-page anchors scroll.
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!target) return;
    const href = target.getAttribute('href') || '';
    if (href.startsWith('#')) return;
    event.preventDefault();
    request('openLink', { href }).catch(() => undefined);
  });

  /** The page listens: the host may post from now on. Call last, after registering handlers. */
  function ready() {
    command('ready', {});
  }

  /** @type {any} */ (window).teamChat = Object.freeze({ vscode, el, link, row, avatar, errorText, request, command, onNotification, ready });
})();
