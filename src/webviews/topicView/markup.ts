/** The topic view page's static markup; the page script (`./page/`) fills it in. */
export const BODY = `
<header class="topic-header">
  <h1 id="title" class="title"></h1>
  <nav id="topic-links" class="topic-links" aria-label="Topic links"></nav>
  <form id="search-form" class="search" role="search">
    <input id="search" type="search" placeholder="Search in this topic" aria-label="Search in this topic">
  </form>
</header>
<main id="messages" class="messages" aria-label="Messages">
  <div id="older" class="older muted"></div>
  <ol id="list" class="message-list"></ol>
</main>
<div id="announcer" class="visually-hidden" role="status" aria-live="polite"></div>
<div id="notice" class="notice" role="status" hidden></div>
<div id="typing" class="typing muted" role="status" aria-live="polite"></div>
<form id="compose" class="compose">
  <ul id="compose-suggestions" class="compose-suggestions" role="listbox" aria-label="Suggestions" hidden></ul>
  <textarea id="compose-text" rows="3" placeholder="Message this topic (Ctrl+Enter to send)" aria-label="Message"></textarea>
  <div id="compose-preview" class="compose-preview content" aria-label="Preview of the message" hidden></div>
  <div class="compose-row">
    <span id="compose-error" class="compose-error" role="alert"></span>
    <span id="compose-count" class="muted compose-count"></span>
    <span id="compose-upload" class="muted compose-upload" role="status" hidden></span>
    <button id="attach" type="button" class="secondary" title="Attach files (or paste or drop them into the message)">Attach file</button>
    <button id="compose-preview-toggle" class="secondary" type="button" aria-pressed="false">Preview</button>
    <button id="send" type="submit">Send</button>
  </div>
</form>`;
