/** The reasons a message may be reported for (no zod: the commands import it at activation). */
import * as l10n from '@vscode/l10n';
import { FL } from '../features';

/** The longest report description the server takes, in code points (`MAX_REPORT_MESSAGE_EXPLANATION_LENGTH`). */
export const MAX_REPORT_DESCRIPTION = 1000;

/** A reason a message may be reported for: `server_report_message_types` entries. */
export interface ReportType {
  readonly key: string;
  readonly name: string;
}

/** The report types before FL.reportMessageTypes, when the server did not list them. */
export function legacyReportTypes(): ReportType[] {
  return [
    { key: 'spam', name: l10n.t('Spam') },
    { key: 'harassment', name: l10n.t('Harassment') },
    { key: 'inappropriate', name: l10n.t('Inappropriate content') },
    { key: 'norms', name: l10n.t('Violates community norms') },
    { key: 'other', name: l10n.t('Other reason') },
  ];
}

/**
 * Whether "Report…" is offered: the server has the endpoint (FL.reportMessage) and the organisation
 * a moderation request channel (`realm_moderation_request_channel_id`; -1 or absent: none).
 */
export function offersReport(featureLevel: number, moderationChannelId: number | undefined): boolean {
  return featureLevel >= FL.reportMessage && moderationChannelId !== undefined && moderationChannelId > 0;
}
