/**
 * "Create Channel…": privacy first (kinds the realm's creation permissions do not allow the user
 * are refused there, with the reason, before anything is typed or sent), then the name (not
 * empty, within `max_stream_name_length`, not taken) and description (within
 * `max_stream_description_length`), then `POST /users/me/subscriptions` creating it. Scripted:
 * `{ name, description?, privacy }` (a `ChannelPrivacy`), checked the same way.
 */
import * as vscode from 'vscode';
import { getChannels, subscribe } from '../../api/channels/routes';
import { Commands } from '../../constants';
import type { CurrentSession } from '../../session/manager';
import type { CommandDeclaration, SessionCommandContext } from '../../ui/commands';
import { UserFacingError } from '../../ui/errorMessage';
import { withNotification } from '../../ui/progress';
import { storeHas } from './browse';
import {
  channelDescriptionProblem,
  channelNameProblem,
  privacyOptions,
  privacyParams,
  type ChannelPrivacy,
  type PrivacyOption,
} from './channelAccess';
import { askText, pickOne } from '../../ui/quickInput';

export interface CreateChannelArgs {
  readonly name: string;
  readonly description?: string;
  readonly privacy: ChannelPrivacy;
}

/** What the user typed for a channel the server then refused: offered again next time, so nothing is lost. */
let unsent: { name: string; description: string } | undefined;

const PRIVACIES: readonly ChannelPrivacy[] = ['public', 'web-public', 'private-shared', 'private-protected'];

function isCreateArgs(value: unknown): value is CreateChannelArgs {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.name === 'string' &&
    (v.description === undefined || typeof v.description === 'string') &&
    PRIVACIES.includes(v.privacy as ChannelPrivacy)
  );
}

/** The names of the channels the user can see, lower case (a fresh `GET /streams`, archived ones too). */
async function takenNames(current: CurrentSession, signal?: AbortSignal): Promise<Set<string>> {
  const { streams } = await getChannels(
    current.client,
    { include_public: true, include_web_public: true, include_subscribed: true, exclude_archived: false },
    { signal },
  );
  return new Set(streams.map((s) => s.name.toLowerCase()));
}

/** Refuses when the user may create no channel at all, naming who may. */
function allowedOptions(current: CurrentSession): PrivacyOption[] {
  const options = privacyOptions(current.store.realm);
  if (options.every((o) => o.refusal !== undefined)) {
    const reasons = [...new Set(options.filter((o) => o.privacy !== 'web-public').map((o) => o.refusal!))].join(' ');
    throw new UserFacingError(vscode.l10n.t('You may not create channels. {0}', reasons));
  }
  return options;
}

async function askPrivacy(options: PrivacyOption[]): Promise<ChannelPrivacy | undefined> {
  for (;;) {
    const picked = await pickOne(
      options.map((o) => ({
        label: o.label,
        description: o.refusal ? vscode.l10n.t('Not allowed for you') : o.description,
        detail: o.refusal,
        option: o,
      })),
      {
        title: vscode.l10n.t('Create Channel (1/3): who can see it?'),
        placeHolder: vscode.l10n.t('Choose the privacy of the new channel'),
      },
    );
    if (!picked) return undefined;
    if (!picked.option.refusal) return picked.option.privacy;
    // Shown, then the pick again: nothing typed yet is lost.
    await vscode.window.showWarningMessage(picked.option.refusal, { modal: true });
  }
}

async function create(
  { current }: SessionCommandContext,
  arg?: unknown,
): Promise<{ streamId: number; name: string } | undefined> {
  const realm = current.store.realm;
  const options = allowedOptions(current);
  const scripted = isCreateArgs(arg) ? arg : undefined;
  const privacy = scripted?.privacy ?? (await askPrivacy(options));
  if (!privacy) return undefined;
  const refusal = options.find((o) => o.privacy === privacy)?.refusal;
  if (refusal) throw new UserFacingError(refusal);

  const taken = await withNotification(vscode.l10n.t('Checking channel names…'), (signal) =>
    takenNames(current, signal),
  );
  const maxName = realm.maxChannelNameLength;
  const maxDescription = realm.maxChannelDescriptionLength;
  let name = scripted?.name;
  if (name === undefined) {
    name = await askText({
      title: vscode.l10n.t('Create Channel (2/3): name'),
      prompt: vscode.l10n.t("The channel's name (at most {0} characters)", maxName),
      value: unsent?.name,
      validateInput: (v) => channelNameProblem(v, maxName, taken),
    });
    if (name === undefined) return undefined;
  }
  const nameProblem = channelNameProblem(name, maxName, taken);
  if (nameProblem) throw new UserFacingError(nameProblem);
  name = name.trim();

  let description = scripted ? (scripted.description ?? '') : undefined;
  if (description === undefined) {
    description = await askText({
      title: vscode.l10n.t('Create Channel (3/3): description of #{0}', name),
      prompt: vscode.l10n.t('What the channel is about (Markdown; may be empty)'),
      value: unsent?.description,
      validateInput: (v) => channelDescriptionProblem(v, maxDescription),
    });
    if (description === undefined) return undefined;
  }
  const descriptionProblem = channelDescriptionProblem(description, maxDescription);
  if (descriptionProblem) throw new UserFacingError(descriptionProblem);

  const created = name;
  const store = current.store;
  const find = (): number | undefined =>
    store.subscriptions().find((s) => s.name.toLowerCase() === created.toLowerCase())?.stream_id;
  if (!scripted) unsent = { name: created, description };
  await withNotification(vscode.l10n.t('Creating #{0}…', created), async (signal) => {
    await subscribe(
      current.client,
      { subscriptions: [{ name: created, description: description.trim() }], ...privacyParams(privacy) },
      { signal },
    );
    await storeHas(current, () => find() !== undefined);
  });
  unsent = undefined;
  const streamId = find();
  if (streamId === undefined)
    throw new UserFacingError(
      vscode.l10n.t(
        '#{0} was created, but the Channels view has not caught up yet. Run "Team Chat: Refresh Channels".',
        created,
      ),
    );
  void vscode.window.showInformationMessage(vscode.l10n.t('Created #{0}.', created));
  return { streamId, name: created };
}

export const commands: CommandDeclaration[] = [
  { id: Commands.createChannel, session: true, failure: vscode.l10n.t('Could not create the channel'), run: create },
];
