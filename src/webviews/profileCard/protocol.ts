/**
 * The profile card's messages (host: ./panel.ts ↔ the page in `./page/`, which imports this file),
 * built on the shared typed-message classes of `../protocol`.
 */
import { CommandType, NotificationType } from '../protocol';
import { isRecord } from '../../guards';

export interface ProfileField {
  readonly name: string;
  /** The server's HTML (rendered_value), sanitised by the card; or undefined: then `text` is shown. */
  readonly html?: string;
  readonly text: string;
  /** A link to show for the value (external accounts, URLs), already checked to be http(s). */
  readonly href?: string;
}

export interface ProfileModel {
  readonly userId: number;
  readonly name: string;
  /** Absolute http(s) URL, or undefined (initials are shown). */
  readonly avatarUrl?: string;
  readonly initials: string;
  readonly role: string;
  readonly email?: string;
  readonly timezone?: string;
  /** ISO 8601. */
  readonly dateJoined?: string;
  readonly presence: 'active' | 'idle' | 'offline';
  readonly statusEmoji?: string;
  readonly statusText?: string;
  readonly isBot: boolean;
  readonly isActive: boolean;
  readonly isOwnUser: boolean;
  readonly fields: readonly ProfileField[];
  /** What relative links and images in the fields' HTML resolve against. */
  readonly realmUrl: string;
  /** Set when the full profile (custom fields) could not be loaded. */
  readonly warning?: string;
}

/** The card's content, first after `ready` and again whenever the user's record, presence or status changes. */
export const DidChangeProfileNotification = new NotificationType<ProfileModel>('profile/didChange');

/** The card's "Send Direct Message" button: the host opens the conversation with the shown user. */
export const SendDirectMessageCommand = new CommandType<{ readonly userId: number }>(
  'profile/sendDirectMessage',
  (p): p is { userId: number } =>
    isRecord(p) && typeof p.userId === 'number' && Number.isSafeInteger(p.userId) && p.userId > 0,
);
