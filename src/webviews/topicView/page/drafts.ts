/**
 * The compose box's saved draft: a view that starts empty (opened again after it was closed, or
 * after a reload) asks the host for the conversation's draft and shows it. Text the user typed
 * meanwhile wins. The `input` event lets compose.ts save it and report it as typed text.
 */
import { request } from '../../page/common';
import { DraftRequest } from '../draftsProtocol';
import { dom } from './state';

export function restoreDraft(): void {
  request(DraftRequest, {})
    .then(({ text }) => {
      if (text === '' || dom.text.value !== '' || dom.compose.hidden) return;
      dom.text.value = text;
      dom.text.dispatchEvent(new Event('input'));
    })
    .catch(() => undefined);
}
