/**
 * Code blocks of messages (host ↔ page): the block's actions and the organisation's code
 * playgrounds. The page sends the block's text as it shows it (plain text, never HTML); the host
 * puts it in the clipboard or an editor, and builds playground URLs from the store's templates.
 */
import { CommandType, NotificationType } from '../protocol';
import { isRecord } from '../../guards';

export const CODE_BLOCK_ACTIONS = ['copy', 'insert', 'open', 'compare', 'playground'] as const;
export type CodeBlockAction = (typeof CODE_BLOCK_ACTIONS)[number];

/** The most code one action carries (a message is at most 10,000 characters on most servers). */
export const CODE_BLOCK_MAX_LENGTH = 1_000_000;

export interface CodeBlockParams {
  readonly action: CodeBlockAction;
  readonly code: string;
  /** The block's `data-code-language` (a Pygments lexer name), empty when it has none. */
  readonly language: string;
  /** Which playground (`action: 'playground'`). */
  readonly playgroundId?: number;
}

export const CodeBlockCommand = new CommandType<CodeBlockParams>(
  'topic/codeBlock',
  (p): p is CodeBlockParams =>
    isRecord(p) &&
    (CODE_BLOCK_ACTIONS as readonly unknown[]).includes(p.action) &&
    typeof p.code === 'string' &&
    p.code.length <= CODE_BLOCK_MAX_LENGTH &&
    typeof p.language === 'string' &&
    p.language.length <= 100 &&
    (p.action !== 'playground' || (typeof p.playgroundId === 'number' && Number.isSafeInteger(p.playgroundId))),
);

export interface PlaygroundModel {
  readonly id: number;
  readonly name: string;
  /** The Pygments lexer name it is for. */
  readonly language: string;
}

/** The organisation's playgrounds: published to every (re)loaded page, and again when they change. */
export const PlaygroundsNotification = new NotificationType<{ playgrounds: readonly PlaygroundModel[] }>(
  'topic/playgrounds/changed',
);
