/** What "Go to Date…" and the search box's `date:` say about a date that cannot be used. */
import * as vscode from 'vscode';
import type { DateInputError } from '../../messageList/dateInput';

/** Examples of what may be typed, for prompts and errors. */
export function dateExamples(): string {
  return vscode.l10n.t('YYYY-MM-DD, today, yesterday, 3 days ago, 2 weeks ago, 1 month ago');
}

export function dateErrorText(error: DateInputError): string {
  switch (error.kind) {
    case 'empty':
      return vscode.l10n.t('Type a date: {0}.', dateExamples());
    case 'format':
      return vscode.l10n.t('"{0}" is not a date. Type {1}.', error.text, dateExamples());
    case 'notADate':
      return vscode.l10n.t('"{0}" is not a day of the calendar.', error.text);
    case 'future':
      return vscode.l10n.t('"{0}" is in the future: there are no messages yet.', error.text);
  }
}
