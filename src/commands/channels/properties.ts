/**
 * Subscription properties (docs/API.md operation 3, `POST /users/me/subscriptions/properties`):
 * mute / unmute, pin / unpin, colour, and the five notification toggles. The tree updates from
 * the `subscription` events the change causes.
 */
import * as vscode from 'vscode';
import { updateSubscriptionProperties } from '../../api/channels/routes';
import type { SubscriptionProperty } from '../../api/channels/models';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import type { CommandDeclaration } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { normalizeColor } from '../../views/colors';
import { channelCommand, channelName, type ChannelArg } from './common';
import { askText, pickMany, pickOne } from '../../ui/quickInput';

export const NOTIFICATION_PROPERTIES = [
  ['desktop_notifications'],
  ['audible_notifications'],
  ['push_notifications'],
  ['email_notifications'],
  ['wildcard_mentions_notify'],
] as const;
export type NotificationProperty = (typeof NOTIFICATION_PROPERTIES)[number][0];

/** The toggles' labels (a function: translated when shown). */
const notificationLabels = (): Record<NotificationProperty, string> => ({
  desktop_notifications: vscode.l10n.t('Desktop notifications'),
  audible_notifications: vscode.l10n.t('Audible notifications'),
  push_notifications: vscode.l10n.t('Mobile push notifications'),
  email_notifications: vscode.l10n.t('Email notifications'),
  wildcard_mentions_notify: vscode.l10n.t('Notify on @all / @channel / @topic mentions'),
});

/** A few distinct colours in the spirit of the server's palette; any `#rrggbb` is allowed. */
const palette = (): readonly [string, string][] => [
  ['#76ce90', vscode.l10n.t('Green')],
  ['#fae589', vscode.l10n.t('Yellow')],
  ['#a6c7e5', vscode.l10n.t('Light blue')],
  ['#e79ab5', vscode.l10n.t('Pink')],
  ['#bfd56f', vscode.l10n.t('Lime')],
  ['#f4ae55', vscode.l10n.t('Orange')],
  ['#b0a5fd', vscode.l10n.t('Lavender')],
  ['#addfe5', vscode.l10n.t('Cyan')],
  ['#f5ce6e', vscode.l10n.t('Gold')],
  ['#c2726a', vscode.l10n.t('Brick')],
  ['#94c849', vscode.l10n.t('Leaf')],
  ['#bd86e5', vscode.l10n.t('Purple')],
  ['#ee7e4a', vscode.l10n.t('Tangerine')],
  ['#a6dcbf', vscode.l10n.t('Mint')],
  ['#95a5fd', vscode.l10n.t('Periwinkle')],
  ['#53a063', vscode.l10n.t('Forest')],
  ['#9987e1', vscode.l10n.t('Violet')],
  ['#e4523d', vscode.l10n.t('Red')],
  ['#c2c2c2', vscode.l10n.t('Grey')],
  ['#4f8de4', vscode.l10n.t('Blue')],
];

type Change = { property: SubscriptionProperty; value: boolean | string };

async function apply(current: CurrentSession, streamId: number, changes: Change[], title: string): Promise<void> {
  if (changes.length === 0) return;
  await withNotification(title, (signal) =>
    updateSubscriptionProperties(
      current.client,
      { subscription_data: changes.map((c) => ({ stream_id: streamId, property: c.property, value: c.value })) },
      { signal },
    ),
  );
}

/** A toggle's texts, each a whole sentence (`progress` gets the channel's name). */
interface ToggleTexts {
  readonly failure: string;
  readonly placeHolder: string;
  readonly progress: (channel: string) => string;
}

function toggle(
  id: CommandDeclaration['id'],
  property: 'is_muted' | 'pin_to_top',
  value: boolean,
  texts: ToggleTexts,
): CommandDeclaration {
  return channelCommand(
    { id, failure: texts.failure, placeHolder: texts.placeHolder, dismissed: false },
    async ({ current }, streamId) => {
      await apply(current, streamId, [{ property, value }], texts.progress(channelName(current, streamId)));
      return true;
    },
  );
}

export const commands: CommandDeclaration[] = [
  toggle(Commands.channelMute, 'is_muted', true, {
    failure: vscode.l10n.t('Could not mute the channel'),
    placeHolder: vscode.l10n.t('Choose a channel to mute'),
    progress: (c) => vscode.l10n.t('Mute {0}…', c),
  }),
  toggle(Commands.channelUnmute, 'is_muted', false, {
    failure: vscode.l10n.t('Could not unmute the channel'),
    placeHolder: vscode.l10n.t('Choose a channel to unmute'),
    progress: (c) => vscode.l10n.t('Unmute {0}…', c),
  }),
  toggle(Commands.channelPin, 'pin_to_top', true, {
    failure: vscode.l10n.t('Could not pin the channel'),
    placeHolder: vscode.l10n.t('Choose a channel to pin'),
    progress: (c) => vscode.l10n.t('Pin {0}…', c),
  }),
  toggle(Commands.channelUnpin, 'pin_to_top', false, {
    failure: vscode.l10n.t('Could not unpin the channel'),
    placeHolder: vscode.l10n.t('Choose a channel to unpin'),
    progress: (c) => vscode.l10n.t('Unpin {0}…', c),
  }),
  channelCommand<ChannelArg & { color?: string }, boolean>(
    {
      id: Commands.channelSetColor,
      failure: vscode.l10n.t('Could not change the colour'),
      placeHolder: vscode.l10n.t('Choose a channel to recolour'),
      dismissed: false,
    },
    async ({ current }, streamId, arg) => {
      const color = arg?.color !== undefined ? normalizeColor(arg.color) : await pickColor(current, streamId);
      if (color === undefined) {
        if (arg?.color !== undefined)
          throw new UserFacingError(vscode.l10n.t('"{0}" is not a colour: use #rrggbb.', arg.color));
        return false;
      }
      await apply(
        current,
        streamId,
        [{ property: 'color', value: color }],
        vscode.l10n.t('Recolouring {0}…', channelName(current, streamId)),
      );
      return true;
    },
  ),
  channelCommand<ChannelArg & { values?: Partial<Record<NotificationProperty, boolean>> }, boolean>(
    {
      id: Commands.channelNotifications,
      failure: vscode.l10n.t('Could not change the notification settings'),
      placeHolder: vscode.l10n.t('Choose a channel'),
      dismissed: false,
    },
    async ({ current }, streamId, arg) => {
      const values = arg?.values ?? (await pickNotifications(current, streamId));
      if (!values) return false;
      const changes = Object.entries(values).map(([property, value]) => ({
        property: property as SubscriptionProperty,
        value: value as boolean,
      }));
      await apply(
        current,
        streamId,
        changes,
        vscode.l10n.t('Updating notifications of {0}…', channelName(current, streamId)),
      );
      return true;
    },
  ),
];

async function pickColor(current: CurrentSession, streamId: number): Promise<string | undefined> {
  const now = current.store.subscription(streamId)?.color;
  type Item = vscode.QuickPickItem & { color?: string };
  const items: Item[] = [
    { label: vscode.l10n.t('$(edit) Custom colour…'), description: vscode.l10n.t('Enter #rrggbb') },
    ...palette().map(([hex, name]) => ({
      label: name,
      description: hex === now ? vscode.l10n.t('{0} (current)', hex) : hex,
      color: hex,
    })),
  ];
  const picked = await pickOne(items, {
    placeHolder: vscode.l10n.t(
      'Colour of {0} (now {1})',
      channelName(current, streamId),
      now ?? vscode.l10n.t('unset'),
    ),
  });
  if (!picked) return undefined;
  if (picked.color) return picked.color;
  const typed = await askText({
    prompt: vscode.l10n.t('Channel colour as a hex value'),
    value: now ?? '#',
    validateInput: (v) => (normalizeColor(v) ? undefined : vscode.l10n.t('Enter a colour like #76ce90 or #7c9.')),
  });
  return typed === undefined ? undefined : normalizeColor(typed);
}

/** A multi-select of the five toggles; null values (follow your default) show as unchecked "(default)". */
async function pickNotifications(
  current: CurrentSession,
  streamId: number,
): Promise<Partial<Record<NotificationProperty, boolean>> | undefined> {
  const sub = current.store.subscription(streamId);
  if (!sub) return undefined;
  const labels = notificationLabels();
  const items = NOTIFICATION_PROPERTIES.map(([property]) => ({
    label: labels[property],
    description: sub[property] === null ? vscode.l10n.t('(your default)') : undefined,
    picked: sub[property] === true,
    property,
  }));
  const picked = await pickMany(items, {
    canPickMany: true,
    placeHolder: vscode.l10n.t('Notifications for {0}: check the ones you want', channelName(current, streamId)),
  });
  if (!picked) return undefined;
  const on = new Set(picked.map((p) => p.property));
  const values: Partial<Record<NotificationProperty, boolean>> = {};
  for (const [property] of NOTIFICATION_PROPERTIES) {
    const want = on.has(property);
    // Unchanged defaults stay defaults; anything the user changed is set explicitly.
    if (sub[property] === null ? want : sub[property] !== want) values[property] = want;
  }
  return values;
}
