/**
 * The profile card page (host: src/webviews/profileCard/panel.ts). Receives `profile/didChange` and
 * renders it with the pages' view layer (lit-html escapes all text); the only HTML is the field
 * values the host has sanitised, put in through the sanitiser after the template.
 */
import * as l10n from '@vscode/l10n';
import { DidChangeProfileNotification, SendDirectMessageCommand, type ProfileModel } from '../protocol';
import { command, onNotification, ready, startPage } from '../../page/common';
import { setServerHtml } from '../../page/sanitize';
import { avatar, delegate, html, nothing, renderInto, type TemplateResult } from '../../page/view';

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

function header(model: ProfileModel): TemplateResult {
  const roles = [
    model.role,
    ...(model.isActive ? [] : [l10n.t('Deactivated')]),
    ...(model.isOwnUser ? [l10n.t('You')] : []),
  ];
  const status =
    model.statusEmoji || model.statusText
      ? html`<p class="status">
          ${
            model.statusEmoji ? html`<span class="status-emoji">${model.statusEmoji}</span>` : nothing
          }${model.statusText ? html`<span>${model.statusText}</span>` : nothing}
        </p>`
      : nothing;
  const send =
    model.isActive && !model.isOwnUser
      ? html`<button
          class="send-dm"
          id="send-dm"
          data-action="sendDirectMessage"
          title=${l10n.t('Open the direct conversation with {0}', model.name)}
        >
          ${l10n.t('Send Direct Message')}
        </button>`
      : nothing;
  return html`<header class="profile-header">
    ${avatar(model)}
    <div>
      <h1 class="profile-name">${model.name}</h1>
      <div class="muted">
        <span class=${`presence presence-${model.presence}`}
          ><span class="presence-dot"></span><span>${PRESENCE_LABEL[model.presence]?.() || model.presence}</span></span
        >${` · ${roles.join(' · ')}`}
      </div>
      ${status}${send}
    </div>
  </header>`;
}

/** The time now where the user is, with the zone. */
function timeText(timezone: string): string {
  const time = localTime(timezone);
  return time ? `${time} (${timezone})` : timezone;
}

function details(model: ProfileModel): TemplateResult {
  const field = (f: ProfileModel['fields'][number], i: number) =>
    html`<dt>${f.name}</dt>
      ${
        f.html !== undefined
          ? html`<dd data-server-html data-field=${String(i)}></dd>`
          : html`<dd>${f.href ? html`<a href=${f.href}>${f.text}</a>` : f.text}</dd>`
      }`;
  return html`<dl class="details">
    ${
      model.email
        ? html`<dt>${l10n.t('Email')}</dt>
            <dd><a href=${`mailto:${model.email}`}>${model.email}</a></dd>`
        : nothing
    }${
      model.timezone
        ? html`<dt>${l10n.t('Local time')}</dt>
            <dd><span>${timeText(model.timezone)}</span></dd>`
        : nothing
    }${
      model.dateJoined
        ? html`<dt>${l10n.t('Joined')}</dt>
            <dd>${formatDate(model.dateJoined)}</dd>`
        : nothing
    }${model.fields.map(field)}
  </dl>`;
}

/** The profile card page: the card, drawn again on every change, and its local time ticking. */
class ProfileCardPage {
  readonly #card = document.getElementById('card') as HTMLElement;
  #shown: ProfileModel | undefined;

  start(): void {
    startPage();
    delegate(this.#card, {
      sendDirectMessage: () => this.#shown && command(SendDirectMessageCommand, { userId: this.#shown.userId }),
    });
    onNotification(DidChangeProfileNotification, (model) => this.#show(model));
    // The local time ticks while the card is open.
    setInterval(() => this.#tick(), 30000);
    ready();
  }

  #show(model: ProfileModel): void {
    this.#shown = model;
    this.#draw(model);
    model.fields.forEach((f, i) => {
      const dd = this.#card.querySelector<HTMLElement>(`dd[data-field="${i}"]`);
      if (dd && f.html !== undefined) setServerHtml(dd, f.html, model.realmUrl);
    });
  }

  /** The card from the template (the sanitised field values, in elements the template leaves empty, stay). */
  #draw(model: ProfileModel): void {
    const warning = model.warning ? html`<p class="warning">${model.warning}</p>` : nothing;
    renderInto(html`${header(model)}${details(model)}${warning}`, this.#card);
  }

  #tick(): void {
    if (this.#shown?.timezone) this.#draw(this.#shown);
  }
}

new ProfileCardPage().start();
