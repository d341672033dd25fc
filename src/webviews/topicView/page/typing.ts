/**
 * Typing notifications in the page (see ../typingProtocol.ts): every input in the compose box is
 * reported (the host's `TypingSender` decides what to send and when), a submit ends typing at
 * once, and the host's line of who else is typing is shown above the compose box.
 */
import { command, onNotification } from '../../page/common';
import { ComposeActivityCommand, TypingNotification } from '../typingProtocol';
import { dom } from './state';

const indicator = dom.$('typing');

/** Reports typing in the compose box and shows who else is typing. */
export function startTyping(): void {
  dom.text.addEventListener('input', () => command(ComposeActivityCommand, { typing: dom.text.value.trim() !== '' }));
  dom.compose.addEventListener('submit', () => command(ComposeActivityCommand, { typing: false }));

  onNotification(TypingNotification, (p) => {
    indicator.textContent = p.text;
  });
}
