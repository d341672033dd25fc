/**
 * Report Message (`teamChat.reportMessage`, "Report…" in a message's actions; issue 27 item 7):
 * the user picks a reason among those the server accepts (`server_report_message_types`, FL 435;
 * the five fixed ones before) and may add a description (required for "other", at most 1000
 * characters; checked as they type, so nothing wrong is sent); then
 * `POST /messages/{id}/report` (FL 382) posts the report in the organisation's moderation request
 * channel. Offered only where the organisation has one. Any message you can read may be reported,
 * your own too, as the server and Zulip's own apps allow.
 */
import * as vscode from 'vscode';
import { FL } from '../../api/features';
import { legacyReportTypes, MAX_REPORT_DESCRIPTION, type ReportType } from '../../api/messages/reportTypes';
import { reportMessage as reportMessageRoute } from '../../api/messages/routes';
import { isRecord } from '../../guards';
import type { CurrentSession } from '../../session/manager';
import { UserFacingError } from '../../ui/errorMessage';
import { askText, pickOne } from '../../ui/quickInput';

export interface ReportMessageArgs {
  readonly messageId: number;
  /** Scripted: the reason's key (then nothing is asked). */
  readonly reportType?: string;
  readonly description?: string;
}

function isReportArgs(value: unknown): value is ReportMessageArgs {
  return (
    isRecord(value) &&
    typeof value.messageId === 'number' &&
    Number.isSafeInteger(value.messageId) &&
    value.messageId > 0
  );
}

/** The reasons this server accepts, in its order. */
export function reportTypes(current: Pick<CurrentSession, 'store'>): ReportType[] {
  return current.store.realm.reportMessageTypes ?? legacyReportTypes();
}

/** Why a description cannot be sent with `reportType` (undefined: it can). */
export function descriptionProblem(reportType: string, text: string): string | undefined {
  if (reportType === 'other' && text.trim() === '')
    return vscode.l10n.t('Say what is wrong: a description is required for this reason.');
  const length = [...text].length;
  if (length > MAX_REPORT_DESCRIPTION)
    return vscode.l10n.t('{0} characters: at most {1}.', length, MAX_REPORT_DESCRIPTION);
  return undefined;
}

async function ask(types: readonly ReportType[]): Promise<{ type: ReportType; description: string } | undefined> {
  const title = vscode.l10n.t('Report Message');
  const picked = await pickOne(
    types.map((type) => ({ label: type.name, type })),
    { title, placeHolder: vscode.l10n.t('Why should the moderators look at this message?'), ignoreFocusOut: true },
  );
  if (!picked) return undefined;
  const required = picked.type.key === 'other';
  const description = await askText({
    title: vscode.l10n.t('Report Message: {0}', picked.type.name),
    prompt: required
      ? vscode.l10n.t('Tell the moderators what is wrong (required, at most {0} characters).', MAX_REPORT_DESCRIPTION)
      : vscode.l10n.t(
          'Anything the moderators should know (optional, at most {0} characters).',
          MAX_REPORT_DESCRIPTION,
        ),
    ignoreFocusOut: true,
    validateInput: (text) => descriptionProblem(picked.type.key, text),
  });
  return description === undefined ? undefined : { type: picked.type, description };
}

/** Resolves to `reported` or `cancelled`; throws a user-facing error when the organisation takes no reports. */
export async function reportMessage(current: CurrentSession, args: unknown): Promise<'reported' | 'cancelled'> {
  if (!isReportArgs(args)) throw new UserFacingError(vscode.l10n.t('Choose Report on a message in a conversation.'));
  if (current.store.featureLevel < FL.reportMessage) {
    throw new UserFacingError(
      vscode.l10n.t('This server is too old to report messages (it needs feature level {0}).', FL.reportMessage),
    );
  }
  if (current.store.realm.moderationChannelId === undefined) {
    throw new UserFacingError(
      vscode.l10n.t('Your organisation does not take message reports: it has no moderation request channel.'),
    );
  }
  const types = reportTypes(current);
  let choice: { type: ReportType; description: string } | undefined;
  if (args.reportType !== undefined) {
    const type = types.find((t) => t.key === args.reportType);
    if (!type) throw new UserFacingError(vscode.l10n.t('"{0}" is not a reason this server accepts.', args.reportType));
    choice = { type, description: args.description ?? '' };
    const problem = descriptionProblem(type.key, choice.description);
    if (problem) throw new UserFacingError(problem);
  } else {
    choice = await ask(types);
  }
  if (!choice) return 'cancelled';
  const description = choice.description.trim();
  const moderation = current.store.realm.moderationChannelId;
  await reportMessageRoute(current.client, {
    message_id: args.messageId,
    report_type: choice.type.key,
    description: description === '' ? undefined : description,
  });
  // A private moderation channel may be unknown to the reporter: then it is not named.
  const channel = current.store.channelName(moderation);
  void vscode.window.showInformationMessage(
    channel
      ? vscode.l10n.t('Reported to the moderators ({0}): they will see it in #{1}.', choice.type.name, channel)
      : vscode.l10n.t('Reported to the moderators ({0}).', choice.type.name),
  );
  return 'reported';
}
