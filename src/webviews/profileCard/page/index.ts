/**
 * The profile card page (host: src/webviews/profileCard.ts). Receives `profile/didChange`. All
 * text goes in through textContent; the only HTML is the field values the host has sanitised.
 */
import * as l10n from '@vscode/l10n';
import { DidChangeProfileNotification, SendDirectMessageCommand, type ProfileModel } from '../../protocol';
import { avatar, command, el, link, onNotification, ready, row } from '../../page/common';
import { setServerHtml } from '../../page/sanitize';

const card = document.getElementById('card') as HTMLElement;
let shown: ProfileModel | undefined;
let localTimeEl: HTMLElement | undefined;

const PRESENCE_LABEL: Record<string, () => string> = {
  active: () => l10n.t('Active'),
  idle: () => l10n.t('Idle'),
  offline: () => l10n.t('Offline'),
};

function localTime(timezone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat(undefined, {
      timeZone: timezone,
      hour: 'numeric',
      minute: '2-digit',
      weekday: 'short',
    }).format(new Date());
  } catch {
    return undefined;
  }
}

function formatDate(iso: string): string {
  const d = new Date(iso);
  return isNaN(d.getTime()) ? iso : d.toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

function render(model: ProfileModel): void {
  shown = model;
  const header = el('header', 'profile-header');
  header.append(avatar(model));
  const titles = el('div');
  titles.append(el('h1', 'profile-name', model.name));
  const presence = el('span', `presence presence-${model.presence}`);
  presence.append(
    el('span', 'presence-dot'),
    el('span', undefined, PRESENCE_LABEL[model.presence]?.() || model.presence),
  );
  const sub = el('div', 'muted');
  sub.append(
    presence,
    document.createTextNode(
      ` · ${[
        model.role,
        ...(model.isActive ? [] : [l10n.t('Deactivated')]),
        ...(model.isOwnUser ? [l10n.t('You')] : []),
      ].join(' · ')}`,
    ),
  );
  titles.append(sub);
  if (model.statusEmoji || model.statusText) {
    const status = el('p', 'status');
    if (model.statusEmoji) status.append(el('span', 'status-emoji', model.statusEmoji));
    if (model.statusText) status.append(el('span', undefined, model.statusText));
    titles.append(status);
  }
  header.append(titles);
  if (model.isActive && !model.isOwnUser) {
    const send = el('button', 'send-dm', l10n.t('Send Direct Message'));
    send.id = 'send-dm';
    send.title = l10n.t('Open the direct conversation with {0}', model.name);
    send.addEventListener('click', () => command(SendDirectMessageCommand, { userId: model.userId }));
    titles.append(send);
  }

  const list = el('dl', 'details');
  if (model.email) row(list, l10n.t('Email'), link(model.email, `mailto:${model.email}`));
  localTimeEl = undefined;
  if (model.timezone) {
    const time = localTime(model.timezone);
    localTimeEl = el('span', undefined, time ? `${time} (${model.timezone})` : model.timezone);
    row(list, l10n.t('Local time'), localTimeEl);
  }
  if (model.dateJoined) row(list, l10n.t('Joined'), formatDate(model.dateJoined));
  for (const field of model.fields) {
    if (field.html !== undefined) {
      const dd = row(list, field.name, '');
      setServerHtml(dd, field.html, model.realmUrl);
    } else if (field.href) {
      row(list, field.name, link(field.text, field.href));
    } else {
      row(list, field.name, field.text);
    }
  }
  const children: HTMLElement[] = [header, list];
  if (model.warning) children.push(el('p', 'warning', model.warning));
  card.replaceChildren(...children);
}

onNotification(DidChangeProfileNotification, render);

// The local time ticks while the card is open.
setInterval(() => {
  if (localTimeEl && shown && shown.timezone) {
    const time = localTime(shown.timezone);
    if (time) localTimeEl.textContent = `${time} (${shown.timezone})`;
  }
}, 30000);

ready();
