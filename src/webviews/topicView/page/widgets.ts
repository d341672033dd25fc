/**
 * A message's poll or to-do list: votes, new options, new tasks and checked tasks go to the host
 * (`topic/widget`), which sends them as submessages; the `submessage` event then re-renders the
 * message. What the user types in the add forms survives those re-renders (and a failed send).
 */
import * as l10n from '@vscode/l10n';
import { el, errorText, request } from '../../page/common';
import { WidgetRequest, type WidgetActionParams, type WidgetModel } from '../contentProtocol';

/** Text typed in a widget's add form, by message id and field. */
const drafts = new Map<string, string>();
const draftKey = (messageId: number, field: string): string => `${messageId}:${field}`;

function input(messageId: number, field: string, label: string): HTMLInputElement {
  const box = el('input', `widget-input widget-${field}`);
  box.type = 'text';
  box.placeholder = label;
  box.setAttribute('aria-label', label);
  box.maxLength = 1000;
  box.value = drafts.get(draftKey(messageId, field)) ?? '';
  box.addEventListener('input', () => drafts.set(draftKey(messageId, field), box.value));
  // The message is rendered again when an event arrives: keep the caret where the user typed.
  const focused = document.activeElement;
  if (
    focused instanceof HTMLInputElement &&
    focused.closest(`.widget[data-message-id="${messageId}"]`) &&
    focused.classList.contains(`widget-${field}`)
  ) {
    const caret = focused.selectionStart;
    queueMicrotask(() => {
      box.focus();
      if (caret !== null) box.setSelectionRange(caret, caret);
    });
  }
  return box;
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

function addForm(
  widget: HTMLElement,
  fields: HTMLInputElement[],
  label: string,
  onSubmit: () => void,
): HTMLFormElement {
  const form = el('form', 'widget-add');
  const button = el('button', 'widget-add-button secondary', label);
  button.type = 'submit';
  form.append(...fields, button);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    onSubmit();
  });
  return form;
}

/** "Lunch: 2 votes, including yours. Remove your vote" (a poll option's button). */
function voteLabel(text: string, count: number, mine: boolean): string {
  if (mine)
    return count === 1
      ? l10n.t('{0}: 1 vote, including yours. Remove your vote', text)
      : l10n.t('{0}: {1} votes, including yours. Remove your vote', text, count);
  return count === 1 ? l10n.t('{0}: 1 vote. Vote', text) : l10n.t('{0}: {1} votes. Vote', text, count);
}

function renderPoll(messageId: number, poll: Extract<WidgetModel, { kind: 'poll' }>, widget: HTMLElement): void {
  widget.append(el('div', 'widget-title poll-question', poll.question || l10n.t('Poll')));
  const list = el('ul', 'poll-options');
  for (const option of poll.options) {
    const li = el('li', 'poll-option');
    const vote = el('button', option.mine ? 'poll-vote mine' : 'poll-vote', String(option.count));
    vote.type = 'button';
    vote.setAttribute('aria-pressed', String(option.mine));
    vote.setAttribute('aria-label', voteLabel(option.text, option.count, option.mine));
    vote.addEventListener('click', () => send(widget, { messageId, kind: 'vote', key: option.key }));
    li.append(vote, el('span', 'poll-option-text', option.text));
    if (option.voters.length > 0) li.append(el('span', 'poll-voters muted', `(${option.voters.join(', ')})`));
    list.append(li);
  }
  widget.append(list);
  const text = input(messageId, 'option', l10n.t('New option'));
  widget.append(
    addForm(widget, [text], l10n.t('Add option'), () =>
      send(widget, { messageId, kind: 'newOption', text: text.value }, () => clearDrafts(messageId, 'option')),
    ),
  );
}

function renderTodo(messageId: number, todo: Extract<WidgetModel, { kind: 'todo' }>, widget: HTMLElement): void {
  widget.append(el('div', 'widget-title todo-title', todo.title));
  const list = el('ul', 'todo-tasks');
  for (const task of todo.tasks) {
    const li = el('li', task.completed ? 'todo-task done' : 'todo-task');
    const label = el('label');
    const box = el('input');
    box.type = 'checkbox';
    box.checked = task.completed;
    box.addEventListener('change', () => send(widget, { messageId, kind: 'strike', key: task.key }));
    label.append(box, el('strong', 'todo-name', task.task));
    if (task.desc) label.append(el('span', 'todo-desc', `: ${task.desc}`));
    li.append(label);
    list.append(li);
  }
  widget.append(list);
  const task = input(messageId, 'task', l10n.t('New task'));
  const desc = input(messageId, 'desc', l10n.t('Description (optional)'));
  widget.append(
    addForm(widget, [task, desc], l10n.t('Add task'), () =>
      send(widget, { messageId, kind: 'newTask', task: task.value, desc: desc.value }, () =>
        clearDrafts(messageId, 'task', 'desc'),
      ),
    ),
  );
}

/** The widget's element, to go after the message's content. */
export function renderWidget(messageId: number, model: WidgetModel): HTMLElement {
  const widget = el('div', `widget ${model.kind}`);
  widget.dataset.messageId = String(messageId);
  widget.setAttribute('role', 'group');
  widget.setAttribute(
    'aria-label',
    model.kind === 'poll' ? l10n.t('Poll: {0}', model.question) : l10n.t('To-do list: {0}', model.title),
  );
  if (model.kind === 'poll') renderPoll(messageId, model, widget);
  else renderTodo(messageId, model, widget);
  widget.append(el('div', 'widget-error', ''));
  widget.lastElementChild!.setAttribute('role', 'alert');
  return widget;
}
