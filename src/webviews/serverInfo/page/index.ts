/**
 * The server information page (host: ../panel.ts). Receives `serverInfo/didChange` and renders it
 * with the pages' view layer (lit-html escapes all text); the only HTML is the description the host
 * sanitised, put in through the sanitiser after the template.
 */
import * as l10n from '@vscode/l10n';
import { onNotification, ready, startPage } from '../../page/common';
import { setServerHtml } from '../../page/sanitize';
import { html, nothing, renderInto, type TemplateResult } from '../../page/view';
import { DidChangeServerInfoNotification, type ServerInfoModel } from '../protocol';

const yesNo = (v: boolean | undefined): string =>
  v === undefined ? l10n.t('Not reported') : v ? l10n.t('Yes') : l10n.t('No');

/** An icon that disappears when it does not load. */
function icon(className: string, src: string): TemplateResult {
  return html`<img class=${className} alt="" src=${src} @error=${(e: Event) => (e.target as Element).remove()} />`;
}

/** `<dt>name</dt><dd>value</dd>` pairs of a `<dl>`. */
function details(pairs: readonly (readonly [string, string])[]): TemplateResult {
  return html`<dl class="details">
    ${pairs.map(
      ([name, value]) =>
        html`<dt>${name}</dt>
          <dd>${value}</dd>`,
    )}
  </dl>`;
}

function externalMethods(m: ServerInfoModel): TemplateResult | typeof nothing {
  if (!m.externalMethods.length) return nothing;
  const items = m.externalMethods.map(
    (x) =>
      html`<li>
        ${x.iconUrl ? icon('method-icon', x.iconUrl) : nothing}${
          x.loginUrl ? html`<a href=${x.loginUrl}>${x.displayName}</a>` : html`<span>${x.displayName}</span>`
        }<span class="muted">${` (${x.name})`}</span>
      </li>`,
  );
  return html`<h3>${l10n.t('External methods')}</h3>
    <ul class="external">
      ${items}
    </ul>`;
}

function authMethods(m: ServerInfoModel): TemplateResult | typeof nothing {
  if (!m.authMethods.length) return nothing;
  const items = m.authMethods.map(
    (a) =>
      html`<li class=${a.enabled ? 'on' : 'off'}>
        <span class="mark">${a.enabled ? '✓' : '—'}</span><span>${` ${a.name}`}</span>
      </li>`,
  );
  return html`<h3>${l10n.t('Authentication backends (deprecated list)')}</h3>
    <ul class="methods">
      ${items}
    </ul>`;
}

function page(m: ServerInfoModel): TemplateResult {
  const incompatible = l10n.t(
    'This server says this version of Team Chat is not compatible with it. Update the extension, or ask ' +
      "the server's administrator.",
  );
  const userNames =
    m.requireEmailFormatUsernames === false ? l10n.t('Directory user names are accepted') : l10n.t('Email addresses');
  return html`<header class="info-header">
      ${m.iconUrl ? icon('realm-icon', m.iconUrl) : nothing}
      <div>
        <h1>${m.realmName || new URL(m.realmUrl).host}</h1>
        <a href=${m.realmUrl}>${m.realmUrl}</a>${
          m.signedInAs ? html`<div class="muted">${l10n.t('Signed in as {0}', m.signedInAs)}</div>` : nothing
        }
      </div>
    </header>
    ${m.incompatible ? html`<p class="alert">${incompatible}</p>` : nothing}${
      m.descriptionHtml ? html`<section class="description rendered_markdown" data-server-html></section>` : nothing
    }
    <h2>${l10n.t('Server')}</h2>
    ${details([
      [l10n.t('Version'), m.version || l10n.t('Not reported')],
      [l10n.t('Feature level'), String(m.featureLevel)],
      [l10n.t('Merge base'), m.mergeBase || l10n.t('Not reported')],
      [l10n.t('Push notifications'), yesNo(m.pushNotifications)],
      [l10n.t('Web-public access'), yesNo(m.webPublicAccess)],
      [l10n.t('Compatible with Team Chat'), m.incompatible ? l10n.t('No') : l10n.t('Yes')],
    ])}
    <h2>${l10n.t('Sign-in methods')}</h2>
    ${details([
      [l10n.t('Email and password'), yesNo(m.emailAuth)],
      [l10n.t('User names'), userNames],
    ])}${externalMethods(m)}${authMethods(m)}
    <p class="muted">${l10n.t('Fetched {0}', new Date(m.fetchedAt).toLocaleString())}</p>`;
}

/** The server information page: one part, the info, drawn again on every change. */
class ServerInfoPage {
  readonly #root = document.getElementById('info') as HTMLElement;

  start(): void {
    startPage();
    onNotification(DidChangeServerInfoNotification, (m) => this.#show(m));
    ready();
  }

  #show(m: ServerInfoModel): void {
    renderInto(page(m), this.#root);
    const description = this.#root.querySelector<HTMLElement>('section.description');
    if (description && m.descriptionHtml) setServerHtml(description, m.descriptionHtml, m.realmUrl);
  }
}

new ServerInfoPage().start();
