/**
 * What the topic view page holds: its DOM anchors, the state saved with setState (no retained
 * context: what is shown, the oldest loaded id, the scroll position, the compose draft and the
 * search query), and the messages and search matches it shows.
 */
import { formatMessageTime } from '../../page/shared';
import { savedState, saveState } from '../../page/common';
import type { MatchModel, MessageModel, TopicSnapshot } from '../protocol';

const $ = (id: string): HTMLElement => document.getElementById(id) as HTMLElement;
export const dom = {
  $,
  list: $('list'),
  scroller: $('messages'),
  older: $('older'),
  compose: $('compose') as HTMLFormElement,
  text: $('compose-text') as HTMLTextAreaElement,
  composeError: $('compose-error'),
  composeCount: $('compose-count'),
  sendButton: $('send') as HTMLButtonElement,
  searchForm: $('search-form') as HTMLFormElement,
  searchInput: $('search') as HTMLInputElement,
  notice: $('notice'),
};

interface SavedState {
  key?: TopicSnapshot['key'];
  oldestLoadedId?: number;
  scrollTop?: number;
  /**
   * The message at the top of the list, and how far into it (the list is virtualised: scrollTop alone is an estimate).
   */
  topId?: number;
  topOffset?: number;
  atBottom?: boolean;
  draft?: string;
  query?: string;
}
export const state: SavedState = {};
/** Takes back what was saved when the page was shown last (called by the page's start). */
export function loadState(): void {
  Object.assign(state, savedState<SavedState>());
}
export const save = (): void => saveState(state);

/** id → model */
export const models = new Map<number, MessageModel>();
/** id → the highlighted HTML of the active search */
export const matches = new Map<number, MatchModel>();
/** What the host sent last (`topic/init`), whether the oldest message is loaded, and limits. */
export const view: { snapshot?: TopicSnapshot; foundOldest: boolean; loadingOlder: boolean; maxLength: number } = {
  foundOldest: false,
  loadingOlder: false,
  maxLength: 10000,
};

/** "Today at 14:05", "Yesterday at …", else the date and time (read at each render). */
export const formatTime = (seconds: number): string => formatMessageTime(new Date(seconds * 1000), new Date());

/** A notice above the compose box; empty text hides it. */
export function showNotice(message: string): void {
  dom.notice.textContent = message;
  dom.notice.hidden = message === '';
}
