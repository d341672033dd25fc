/**
 * The topic view page's static markup; the page script (`./page/`) fills it in. A function, so
 * its text is in the display language (each text escaped; no markup inside a translation).
 */
import * as vscode from 'vscode';
import { escapeHtml } from '../sanitize';

const t = (message: string): string => escapeHtml(message);

export function body(): string {
  return `
<header class="topic-header">
  <h1 id="title" class="title"></h1>
  <nav id="topic-links" class="topic-links" aria-label="${t(vscode.l10n.t('Topic links'))}"></nav>
  <form id="search-form" class="search" role="search">
    <input id="search" type="search" placeholder="${t(vscode.l10n.t('Search in this topic'))}"
      aria-label="${t(vscode.l10n.t('Search in this topic'))}">
  </form>
</header>
<main id="messages" class="messages" aria-label="${t(vscode.l10n.t('Messages'))}">
  <div id="older" class="older muted"></div>
  <ol id="list" class="message-list"></ol>
</main>
<ul id="outbox" class="outbox" aria-label="${t(vscode.l10n.t('Unsent messages'))}" hidden></ul>
<div id="announcer" class="visually-hidden" role="status" aria-live="polite"></div>
<div id="notice" class="notice" role="status" hidden></div>
<div id="typing" class="typing muted" role="status" aria-live="polite"></div>
<form id="compose" class="compose">
  <ul id="compose-suggestions" class="compose-suggestions" role="listbox"
    aria-label="${t(vscode.l10n.t('Suggestions'))}" hidden></ul>
  <textarea id="compose-text" rows="3" placeholder="${t(vscode.l10n.t('Message this topic (Ctrl+Enter to send)'))}"
    aria-label="${t(vscode.l10n.t('Message'))}"></textarea>
  <div id="compose-preview" class="compose-preview content"
    aria-label="${t(vscode.l10n.t('Preview of the message'))}" hidden></div>
  <div class="compose-row">
    <span id="compose-error" class="compose-error" role="alert"></span>
    <span id="compose-count" class="muted compose-count"></span>
    <span id="compose-upload" class="muted compose-upload" role="status" hidden></span>
    <button id="attach" type="button" class="secondary"
      title="${t(vscode.l10n.t('Attach files (or paste or drop them into the message)'))}">${t(
        vscode.l10n.t('Attach file'),
      )}</button>
    <button id="compose-preview-toggle" class="secondary" type="button"
      aria-pressed="false">${t(vscode.l10n.t('Preview'))}</button>
    <button id="send" type="submit">${t(vscode.l10n.t('Send'))}</button>
  </div>
</form>
<p id="read-only" class="read-only muted" role="note" hidden></p>`;
}
