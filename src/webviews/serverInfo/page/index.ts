/**
 * The server information page (host: ../panel.ts). Receives `serverInfo/didChange`. All text goes
 * in through textContent; the only HTML is the description the host sanitised.
 */
import * as l10n from '@vscode/l10n';
import { el, link, onNotification, ready, row } from '../../page/common';
import { setServerHtml } from '../../page/sanitize';
import { DidChangeServerInfoNotification, type ServerInfoModel } from '../protocol';

const root = document.getElementById('info') as HTMLElement;

const yesNo = (v: boolean | undefined): string =>
  v === undefined ? l10n.t('Not reported') : v ? l10n.t('Yes') : l10n.t('No');

/** An icon that disappears when it does not load. */
function icon(className: string, src: string): HTMLImageElement {
  const img = el('img', className);
  img.alt = '';
  img.addEventListener('error', () => img.remove(), { once: true });
  img.src = src;
  return img;
}

function render(m: ServerInfoModel): void {
  const header = el('header', 'info-header');
  if (m.iconUrl) header.append(icon('realm-icon', m.iconUrl));
  const titles = el('div');
  titles.append(el('h1', undefined, m.realmName || new URL(m.realmUrl).host));
  titles.append(link(m.realmUrl, m.realmUrl));
  if (m.signedInAs) titles.append(el('div', 'muted', l10n.t('Signed in as {0}', m.signedInAs)));
  header.append(titles);

  const children: HTMLElement[] = [header];
  if (m.incompatible) {
    children.push(
      el(
        'p',
        'alert',
        l10n.t(
          'This server says this version of Team Chat is not compatible with it. Update the extension, or ask ' +
            "the server's administrator.",
        ),
      ),
    );
  }
  if (m.descriptionHtml) {
    const d = el('section', 'description rendered_markdown');
    setServerHtml(d, m.descriptionHtml, m.realmUrl);
    children.push(d);
  }

  children.push(el('h2', undefined, l10n.t('Server')));
  const server = el('dl', 'details');
  row(server, l10n.t('Version'), m.version || l10n.t('Not reported'));
  row(server, l10n.t('Feature level'), String(m.featureLevel));
  row(server, l10n.t('Merge base'), m.mergeBase || l10n.t('Not reported'));
  row(server, l10n.t('Push notifications'), yesNo(m.pushNotifications));
  row(server, l10n.t('Web-public access'), yesNo(m.webPublicAccess));
  row(server, l10n.t('Compatible with Team Chat'), m.incompatible ? l10n.t('No') : l10n.t('Yes'));
  children.push(server);

  children.push(el('h2', undefined, l10n.t('Sign-in methods')));
  const auth = el('dl', 'details');
  row(auth, l10n.t('Email and password'), yesNo(m.emailAuth));
  row(
    auth,
    l10n.t('User names'),
    m.requireEmailFormatUsernames === false ? l10n.t('Directory user names are accepted') : l10n.t('Email addresses'),
  );
  children.push(auth);
  if (m.externalMethods.length) {
    const list = el('ul', 'external');
    for (const x of m.externalMethods) {
      const li = el('li');
      if (x.iconUrl) li.append(icon('method-icon', x.iconUrl));
      li.append(x.loginUrl ? link(x.displayName, x.loginUrl) : el('span', undefined, x.displayName));
      li.append(el('span', 'muted', ` (${x.name})`));
      list.append(li);
    }
    children.push(el('h3', undefined, l10n.t('External methods')), list);
  }
  if (m.authMethods.length) {
    children.push(el('h3', undefined, l10n.t('Authentication backends (deprecated list)')));
    const list = el('ul', 'methods');
    for (const a of m.authMethods) {
      const li = el('li', a.enabled ? 'on' : 'off');
      li.append(el('span', 'mark', a.enabled ? '✓' : '—'), el('span', undefined, ` ${a.name}`));
      list.append(li);
    }
    children.push(list);
  }
  children.push(el('p', 'muted', l10n.t('Fetched {0}', new Date(m.fetchedAt).toLocaleString())));
  root.replaceChildren(...children);
}

onNotification(DidChangeServerInfoNotification, render);
ready();
