/**
 * A message's poll or to-do list: votes, new options, new tasks and checked tasks go to the host
 * (`topic/widget`), which sends them as submessages; the `submessage` event then re-renders the
 * message. What the user types in the add forms survives those re-renders (and a failed send).
 */
import * as l10n from '@vscode/l10n';
import { errorText, request } from '../../page/common';
import { delegate, html, nothing, renderElement, type TemplateResult } from '../../page/view';
import { WidgetRequest, type WidgetActionParams, type WidgetModel } from '../contentProtocol';

/** Text typed in a widget's add form, by message id and field. */
const drafts = new Map<string, string>();
const draftKey = (messageId: number, field: string): string => `${messageId}:${field}`;

type Field = 'option' | 'task' | 'desc';

function input(messageId: number, field: Field, label: string): TemplateResult {
  // prettier-ignore
  return html`<input class=${`widget-input widget-${field}`} type="text" placeholder=${label} aria-label=${label}
    maxlength="1000" data-action="draft" data-field=${field} .value=${drafts.get(draftKey(messageId, field)) ?? ''}
  />`;
}

/** The message is rendered again when an event arrives: the caret goes back where the user typed. */
function keepCaret(messageId: number, widget: HTMLElement): void {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLInputElement) || !focused.closest(`.widget[data-message-id="${messageId}"]`)) return;
  const field = focused.dataset.field;
  const box = field ? widget.querySelector<HTMLInputElement>(`.widget-${field}`) : null;
  if (!box) return;
  const caret = focused.selectionStart;
  queueMicrotask(() => {
    box.focus();
    if (caret !== null) box.setSelectionRange(caret, caret);
  });
}

/** Forgets the typed text of `fields` (sent), also in the widget shown now. */
function clearDrafts(messageId: number, ...fields: string[]): void {
  for (const field of fields) {
    drafts.delete(draftKey(messageId, field));
    const box = document.querySelector<HTMLInputElement>(`.widget[data-message-id="${messageId}"] .widget-${field}`);
    if (box) box.value = '';
  }
}

function send(widget: HTMLElement, params: WidgetActionParams, done?: () => void): void {
  const error = widget.querySelector<HTMLElement>('.widget-error');
  if (error) error.textContent = '';
  for (const b of widget.querySelectorAll('button')) b.disabled = true;
  request(WidgetRequest, params).then(
    () => done?.(),
    (e) => {
      // The message may have been rendered again meanwhile: report in the current widget.
      const current =
        document.querySelector<HTMLElement>(`.widget[data-message-id="${params.messageId}"] .widget-error`) ?? error;
      if (current) current.textContent = errorText(e);
      for (const b of document.querySelectorAll<HTMLButtonElement>(
        `.widget[data-message-id="${params.messageId}"] button`,
      ))
        b.disabled = false;
    },
  );
}

function addForm(fields: TemplateResult[], label: string, action: string): TemplateResult {
  // prettier-ignore
  return html`<form class="widget-add" data-action=${action}
    >${fields}<button class="widget-add-button secondary" type="submit">${label}</button></form
  >`;
}

/** "Lunch: 2 votes, including yours. Remove your vote" (a poll option's button). */
function voteLabel(text: string, count: number, mine: boolean): string {
  if (mine)
    return count === 1
      ? l10n.t('{0}: 1 vote, including yours. Remove your vote', text)
      : l10n.t('{0}: {1} votes, including yours. Remove your vote', text, count);
  return count === 1 ? l10n.t('{0}: 1 vote. Vote', text) : l10n.t('{0}: {1} votes. Vote', text, count);
}

function poll(messageId: number, model: Extract<WidgetModel, { kind: 'poll' }>): TemplateResult {
  const option = (o: (typeof model.options)[number]): TemplateResult => {
    const voters =
      o.voters.length > 0 ? html`<span class="poll-voters muted">${`(${o.voters.join(', ')})`}</span>` : nothing;
    // prettier-ignore
    return html`<li class="poll-option"
      ><button class=${o.mine ? 'poll-vote mine' : 'poll-vote'} type="button" aria-pressed=${String(o.mine)}
        aria-label=${voteLabel(o.text, o.count, o.mine)} data-action="vote" data-key=${o.key}>${String(o.count)}</button
      ><span class="poll-option-text">${o.text}</span>${voters}</li
    >`;
  };
  const add = addForm([input(messageId, 'option', l10n.t('New option'))], l10n.t('Add option'), 'newOption');
  // prettier-ignore
  return html`<div class="widget-title poll-question">${model.question || l10n.t('Poll')}</div
    ><ul class="poll-options">${model.options.map(option)}</ul>${add}`;
}

function todo(messageId: number, model: Extract<WidgetModel, { kind: 'todo' }>): TemplateResult {
  const task = (t: (typeof model.tasks)[number]): TemplateResult => {
    const desc = t.desc ? html`<span class="todo-desc">${`: ${t.desc}`}</span>` : nothing;
    // prettier-ignore
    return html`<li class=${t.completed ? 'todo-task done' : 'todo-task'}
      ><label><input type="checkbox" .checked=${t.completed} data-action="strike" data-key=${t.key}
        /><strong class="todo-name">${t.task}</strong>${desc}</label
      ></li
    >`;
  };
  const fields = [
    input(messageId, 'task', l10n.t('New task')),
    input(messageId, 'desc', l10n.t('Description (optional)')),
  ];
  const add = addForm(fields, l10n.t('Add task'), 'newTask');
  // prettier-ignore
  return html`<div class="widget-title todo-title">${model.title}</div
    ><ul class="todo-tasks">${model.tasks.map(task)}</ul>${add}`;
}

/** What the widget's controls do; one delegated listener per event type on the widget. */
function listen(widget: HTMLElement, messageId: number): void {
  const value = (field: Field): string => widget.querySelector<HTMLInputElement>(`.widget-${field}`)?.value ?? '';
  delegate(widget, { vote: (b) => send(widget, { messageId, kind: 'vote', key: b.dataset.key! }) });
  delegate(widget, { strike: (box) => send(widget, { messageId, kind: 'strike', key: box.dataset.key! }) }, 'change');
  delegate(
    widget,
    { draft: (box) => drafts.set(draftKey(messageId, box.dataset.field!), (box as HTMLInputElement).value) },
    'input',
  );
  delegate(
    widget,
    {
      newOption: (_form, e) => {
        e.preventDefault();
        send(widget, { messageId, kind: 'newOption', text: value('option') }, () => clearDrafts(messageId, 'option'));
      },
      newTask: (_form, e) => {
        e.preventDefault();
        send(widget, { messageId, kind: 'newTask', task: value('task'), desc: value('desc') }, () =>
          clearDrafts(messageId, 'task', 'desc'),
        );
      },
    },
    'submit',
  );
}

/** The widget's element, to go after the message's content. */
export function renderWidget(messageId: number, model: WidgetModel): HTMLElement {
  const label = model.kind === 'poll' ? l10n.t('Poll: {0}', model.question) : l10n.t('To-do list: {0}', model.title);
  const body = model.kind === 'poll' ? poll(messageId, model) : todo(messageId, model);
  // prettier-ignore
  const widget = renderElement(html`<div class=${`widget ${model.kind}`} data-message-id=${String(messageId)}
    role="group" aria-label=${label}>${body}<div class="widget-error" role="alert"></div></div>`);
  listen(widget, messageId);
  keepCaret(messageId, widget);
  return widget;
}
