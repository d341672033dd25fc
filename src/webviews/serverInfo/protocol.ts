/**
 * The server information panel's message (host → the page in `./page/`, which imports this
 * file). The description is HTML sanitised in the host; every other string is plain text
 * inserted with `textContent`.
 */
import { NotificationType } from '../protocol';

export interface AuthMethodModel {
  readonly name: string;
  readonly enabled: boolean;
}

export interface ExternalAuthModel {
  readonly name: string;
  readonly displayName: string;
  /** Absolute URL, https or the realm's own origin; undefined: no icon. */
  readonly iconUrl?: string;
  /** Absolute http(s) URL. */
  readonly loginUrl?: string;
}

export interface ServerInfoModel {
  readonly realmUrl: string;
  readonly realmName?: string;
  /** Absolute URL, https or the realm's own origin; undefined: no icon shown. */
  readonly iconUrl?: string;
  /** Sanitised HTML. */
  readonly descriptionHtml?: string;
  readonly version?: string;
  readonly featureLevel: number;
  readonly mergeBase?: string;
  readonly pushNotifications?: boolean;
  readonly webPublicAccess?: boolean;
  readonly emailAuth?: boolean;
  readonly requireEmailFormatUsernames?: boolean;
  readonly incompatible: boolean;
  /** The deprecated `authentication_methods` object, in the server's order. */
  readonly authMethods: readonly AuthMethodModel[];
  readonly externalMethods: readonly ExternalAuthModel[];
  /** "Signed in as …" when the information came through the active account. */
  readonly signedInAs?: string;
  /** ISO 8601. */
  readonly fetchedAt: string;
}

/** The panel's content, after `ready` and after each fetch. */
export const DidChangeServerInfoNotification = new NotificationType<ServerInfoModel>('serverInfo/didChange');
