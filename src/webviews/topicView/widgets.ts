/**
 * Polls and to-do lists: the widget protocol of the chat service, as its web app reads it. A
 * message's first submessage (from its sender) says which widget it is, `{widget_type: 'poll' |
 * 'todo', extra_data}`; the later ones are events: votes and new options of a poll
 * (`{type: 'vote', key, vote: 1 | -1}`, `{type: 'new_option', idx, option}`, `{type: 'question'}`),
 * new tasks and strikes of a to-do list (`{type: 'new_task', key, task, desc, completed}`,
 * `{type: 'strike', key}`, `{type: 'new_task_list_title', title}`). Pure functions, no `vscode`.
 */
import * as l10n from '@vscode/l10n';
import type { Submessage } from '../../api/messages/models';
import { isRecord } from '../../guards';

export interface PollOptionModel {
  /** `canned,<i>` for the poll's own options, `<sender>,<idx>` for added ones. */
  readonly key: string;
  readonly text: string;
  readonly voterIds: readonly number[];
}

export interface PollModel {
  readonly kind: 'poll';
  readonly question: string;
  readonly options: readonly PollOptionModel[];
  /** The idx the own user's next new option takes. */
  readonly nextIdx: number;
}

export interface TodoTaskModel {
  /** `<idx>,canned` for the list's own tasks, `<idx>,<sender>` for added ones. */
  readonly key: string;
  readonly task: string;
  readonly desc: string;
  readonly completed: boolean;
}

export interface TodoModel {
  readonly kind: 'todo';
  readonly title: string;
  readonly tasks: readonly TodoTaskModel[];
  readonly nextIdx: number;
}

export type WidgetState = PollModel | TodoModel;

const str = (v: unknown, max = 10_000): string | undefined =>
  typeof v === 'string' && v.length <= max ? v : undefined;
const int = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;

function parse(content: string): Record<string, unknown> | undefined {
  try {
    const data: unknown = JSON.parse(content);
    return isRecord(data) ? data : undefined;
  } catch {
    return undefined;
  }
}

/** The widget a message's submessages describe, or undefined when there is none (or it is unknown). */
export function widgetState(
  submessages: readonly Pick<Submessage, 'id' | 'sender_id' | 'content'>[],
  messageSenderId: number,
  ownUserId: number,
): WidgetState | undefined {
  const sorted = [...submessages].sort((a, b) => a.id - b.id);
  const first = sorted[0];
  if (!first || first.sender_id !== messageSenderId) return undefined;
  const widget = parse(first.content);
  const extra = widget && isRecord(widget.extra_data) ? widget.extra_data : {};
  let state: WidgetState;
  if (widget?.widget_type === 'poll') {
    const options = Array.isArray(extra.options) ? extra.options.flatMap((o) => str(o) ?? []) : [];
    state = {
      kind: 'poll',
      question: str(extra.question) ?? '',
      options: options.map((text, i) => ({ key: `canned,${i}`, text, voterIds: [] })),
      nextIdx: 0,
    };
  } else if (widget?.widget_type === 'todo') {
    const tasks = Array.isArray(extra.tasks) ? extra.tasks.filter(isRecord) : [];
    state = {
      kind: 'todo',
      title: str(extra.task_list_title) ?? l10n.t('Task list'),
      tasks: tasks.flatMap((t, i) =>
        str(t.task) ? [{ key: `${i},canned`, task: str(t.task)!, desc: str(t.desc) ?? '', completed: false }] : [],
      ),
      nextIdx: 0,
    };
  } else return undefined;
  for (const sub of sorted.slice(1)) {
    const event = parse(sub.content);
    if (event) state = applyWidgetEvent(state, event, sub.sender_id, messageSenderId, ownUserId);
  }
  return state;
}

/** `state` after one widget event from `senderId` (the same object when the event changes nothing). */
export function applyWidgetEvent(
  state: WidgetState,
  event: Record<string, unknown>,
  senderId: number,
  creatorId: number,
  ownUserId: number,
): WidgetState {
  if (state.kind === 'poll') {
    switch (event.type) {
      case 'question': {
        const question = str(event.question);
        return senderId === creatorId && question !== undefined ? { ...state, question } : state;
      }
      case 'new_option': {
        const idx = int(event.idx);
        const text = str(event.option);
        if (idx === undefined || text === undefined) return state;
        const key = `${senderId},${idx}`;
        const nextIdx = senderId === ownUserId ? Math.max(state.nextIdx, idx + 1) : state.nextIdx;
        if (state.options.some((o) => o.key === key)) return { ...state, nextIdx };
        return { ...state, options: [...state.options, { key, text, voterIds: [] }], nextIdx };
      }
      case 'vote': {
        if (event.vote !== 1 && event.vote !== -1) return state;
        const options = state.options.map((o) => {
          if (o.key !== event.key) return o;
          const others = o.voterIds.filter((id) => id !== senderId);
          return { ...o, voterIds: event.vote === 1 ? [...others, senderId] : others };
        });
        return { ...state, options };
      }
      default:
        return state;
    }
  }
  switch (event.type) {
    case 'new_task_list_title': {
      const title = str(event.title);
      return senderId === creatorId && title !== undefined ? { ...state, title } : state;
    }
    case 'new_task': {
      const idx = int(event.key);
      const task = str(event.task);
      if (idx === undefined || !task) return state;
      const nextIdx = senderId === ownUserId ? Math.max(state.nextIdx, idx + 1) : state.nextIdx;
      // As the web app: a task whose name is in use is not added again.
      if (state.tasks.some((t) => t.task === task)) return { ...state, nextIdx };
      const added = {
        key: `${idx},${senderId}`,
        task,
        desc: str(event.desc) ?? '',
        completed: event.completed === true,
      };
      return { ...state, tasks: [...state.tasks, added], nextIdx };
    }
    case 'strike':
      return { ...state, tasks: state.tasks.map((t) => (t.key === event.key ? { ...t, completed: !t.completed } : t)) };
    default:
      return state;
  }
}

/** What the user does to a widget in the conversation view. */
export type WidgetAction =
  | { readonly kind: 'vote'; readonly key: string }
  | { readonly kind: 'newOption'; readonly text: string }
  | { readonly kind: 'newTask'; readonly task: string; readonly desc: string }
  | { readonly kind: 'strike'; readonly key: string };

export const WIDGET_TEXT_MAX = 1000;

/**
 * The submessage content (JSON) that does `action`; throws a user-facing error when it does not
 * apply (an unknown option or task, empty text, text over {@link WIDGET_TEXT_MAX}).
 */
export function widgetOutbound(state: WidgetState, action: WidgetAction, ownUserId: number): string {
  const text = (value: string, what: 'option' | 'task'): string => {
    const trimmed = value.trim();
    if (trimmed === '')
      throw new Error(what === 'option' ? l10n.t('Type the option first.') : l10n.t('Type the task first.'));
    if (trimmed.length > WIDGET_TEXT_MAX) {
      throw new Error(
        what === 'option'
          ? l10n.t('The option is too long (at most {0} characters).', WIDGET_TEXT_MAX)
          : l10n.t('The task is too long (at most {0} characters).', WIDGET_TEXT_MAX),
      );
    }
    return trimmed;
  };
  if (state.kind === 'poll') {
    if (action.kind === 'vote') {
      const option = state.options.find((o) => o.key === action.key);
      if (!option) throw new Error(l10n.t('That poll option no longer exists.'));
      return JSON.stringify({ type: 'vote', key: option.key, vote: option.voterIds.includes(ownUserId) ? -1 : 1 });
    }
    if (action.kind === 'newOption') {
      const option = text(action.text, 'option');
      if (state.options.some((o) => o.text === option)) throw new Error(l10n.t('“{0}” is already an option.', option));
      return JSON.stringify({ type: 'new_option', idx: state.nextIdx, option });
    }
    throw new Error(l10n.t('A poll has no tasks.'));
  }
  if (action.kind === 'strike') {
    if (!state.tasks.some((t) => t.key === action.key)) throw new Error(l10n.t('That task no longer exists.'));
    return JSON.stringify({ type: 'strike', key: action.key });
  }
  if (action.kind === 'newTask') {
    const task = text(action.task, 'task');
    if (state.tasks.some((t) => t.task === task)) throw new Error(l10n.t('“{0}” is already on the list.', task));
    return JSON.stringify({
      type: 'new_task',
      key: state.nextIdx,
      task,
      desc: action.desc.trim().slice(0, WIDGET_TEXT_MAX),
      completed: false,
    });
  }
  throw new Error(l10n.t('A to-do list has no poll options.'));
}
