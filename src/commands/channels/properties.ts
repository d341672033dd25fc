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

export const NOTIFICATION_PROPERTIES = [
  ['desktop_notifications', 'Desktop notifications'],
  ['audible_notifications', 'Audible notifications'],
  ['push_notifications', 'Mobile push notifications'],
  ['email_notifications', 'Email notifications'],
  ['wildcard_mentions_notify', 'Notify on @all / @channel / @topic mentions'],
] as const;
export type NotificationProperty = (typeof NOTIFICATION_PROPERTIES)[number][0];

/** A few distinct colours in the spirit of the server's palette; any `#rrggbb` is allowed. */
const PALETTE: readonly [string, string][] = [
  ['#76ce90', 'Green'], ['#fae589', 'Yellow'], ['#a6c7e5', 'Light blue'], ['#e79ab5', 'Pink'],
  ['#bfd56f', 'Lime'], ['#f4ae55', 'Orange'], ['#b0a5fd', 'Lavender'], ['#addfe5', 'Cyan'],
  ['#f5ce6e', 'Gold'], ['#c2726a', 'Brick'], ['#94c849', 'Leaf'], ['#bd86e5', 'Purple'],
  ['#ee7e4a', 'Tangerine'], ['#a6dcbf', 'Mint'], ['#95a5fd', 'Periwinkle'], ['#53a063', 'Forest'],
  ['#9987e1', 'Violet'], ['#e4523d', 'Red'], ['#c2c2c2', 'Grey'], ['#4f8de4', 'Blue'],
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

function toggle(id: CommandDeclaration['id'], property: 'is_muted' | 'pin_to_top', value: boolean, verb: string): CommandDeclaration {
  return channelCommand({ id, failure: vscode.l10n.t('Could not {0} the channel', verb), placeHolder: vscode.l10n.t('Choose a channel to {0}', verb), dismissed: false }, async ({ current }, streamId) => {
    await apply(current, streamId, [{ property, value }], `${verb[0]!.toUpperCase()}${verb.slice(1)} ${channelName(current, streamId)}…`);
    return true;
  });
}

export const commands: CommandDeclaration[] = [
  toggle(Commands.channelMute, 'is_muted', true, 'mute'),
  toggle(Commands.channelUnmute, 'is_muted', false, 'unmute'),
  toggle(Commands.channelPin, 'pin_to_top', true, 'pin'),
  toggle(Commands.channelUnpin, 'pin_to_top', false, 'unpin'),
  channelCommand<ChannelArg & { color?: string }, boolean>(
    { id: Commands.channelSetColor, failure: vscode.l10n.t('Could not change the colour'), placeHolder: vscode.l10n.t('Choose a channel to recolour'), dismissed: false },
    async ({ current }, streamId, arg) => {
      const color = arg?.color !== undefined ? normalizeColor(arg.color) : await pickColor(current, streamId);
      if (color === undefined) {
        if (arg?.color !== undefined) throw new UserFacingError(vscode.l10n.t('"{0}" is not a colour: use #rrggbb.', arg.color));
        return false;
      }
      await apply(current, streamId, [{ property: 'color', value: color }], `Recolouring ${channelName(current, streamId)}…`);
      return true;
    },
  ),
  channelCommand<ChannelArg & { values?: Partial<Record<NotificationProperty, boolean>> }, boolean>(
    { id: Commands.channelNotifications, failure: vscode.l10n.t('Could not change the notification settings'), placeHolder: vscode.l10n.t('Choose a channel'), dismissed: false },
    async ({ current }, streamId, arg) => {
      const values = arg?.values ?? (await pickNotifications(current, streamId));
      if (!values) return false;
      const changes = Object.entries(values).map(([property, value]) => ({ property: property as SubscriptionProperty, value: value as boolean }));
      await apply(current, streamId, changes, `Updating notifications of ${channelName(current, streamId)}…`);
      return true;
    },
  ),
];

async function pickColor(current: CurrentSession, streamId: number): Promise<string | undefined> {
  const now = current.store.subscription(streamId)?.color;
  type Item = vscode.QuickPickItem & { color?: string };
  const items: Item[] = [
    { label: vscode.l10n.t('$(edit) Custom colour…'), description: vscode.l10n.t('Enter #rrggbb') },
    ...PALETTE.map(([hex, name]) => ({ label: `${name}`, description: `${hex}${hex === now ? ' (current)' : ''}`, color: hex })),
  ];
  const picked = await vscode.window.showQuickPick(items, { placeHolder: vscode.l10n.t('Colour of {0} (now {1})', channelName(current, streamId), now ?? 'unset') });
  if (!picked) return undefined;
  if (picked.color) return picked.color;
  const typed = await vscode.window.showInputBox({
    prompt: vscode.l10n.t('Channel colour as a hex value'),
    value: now ?? '#',
    validateInput: (v) => (normalizeColor(v) ? undefined : vscode.l10n.t('Enter a colour like #76ce90 or #7c9.')),
  });
  return typed === undefined ? undefined : normalizeColor(typed);
}

/** A multi-select of the five toggles; null values (follow your default) show as unchecked "(default)". */
async function pickNotifications(current: CurrentSession, streamId: number): Promise<Partial<Record<NotificationProperty, boolean>> | undefined> {
  const sub = current.store.subscription(streamId);
  if (!sub) return undefined;
  const items = NOTIFICATION_PROPERTIES.map(([property, label]) => ({
    label,
    description: sub[property] === null ? vscode.l10n.t('(your default)') : undefined,
    picked: sub[property] === true,
    property,
  }));
  const picked = await vscode.window.showQuickPick(items, {
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
