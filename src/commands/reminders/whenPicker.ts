/**
 * The "when?" quick pick of reminders and scheduled messages: presets, and a custom date and time
 * checked as it is typed (all from src/time/when.ts).
 */
import * as vscode from 'vscode';
import { describeWhen, parseWhen, whenFormatHint, whenPresets } from '../../time/when';
import { askText, pickOne } from '../../ui/quickInput';
import { UserFacingError } from '../../ui/errorMessage';

const customLabel = (): string => vscode.l10n.t('$(calendar) Custom date and time…');

export interface WhenPickOptions {
  /** Default: "When should the reminder arrive?" */
  readonly placeHolder?: string;
  /**
   * The custom box's note on the understood time, e.g. "Send {0}" (default "Remind {0}"): a whole translated sentence.
   */
  readonly understood?: (when: string) => string;
}

/** The choice that is not a time (e.g. "when I next open this file"), offered first. */
export const NOT_A_TIME = 'notATime';

export function pickWhen(title: string, options?: WhenPickOptions, now?: () => Date): Promise<Date | undefined>;
export function pickWhen(
  title: string,
  options: WhenPickOptions & { notATime: vscode.QuickPickItem },
  now?: () => Date,
): Promise<Date | typeof NOT_A_TIME | undefined>;
export async function pickWhen(
  title: string,
  options: WhenPickOptions & { notATime?: vscode.QuickPickItem } = {},
  now: () => Date = () => new Date(),
): Promise<Date | typeof NOT_A_TIME | undefined> {
  const start = now();
  type Item = vscode.QuickPickItem & { date?: Date; notATime?: boolean };
  const items: Item[] = [
    ...(options.notATime
      ? [
          { ...options.notATime, notATime: true },
          { label: '', kind: vscode.QuickPickItemKind.Separator },
        ]
      : []),
    ...whenPresets(start).map((p) => ({
      label: `$(clock) ${p.label}`,
      description: describeWhen(p.date, start),
      date: p.date,
    })),
    { label: '', kind: vscode.QuickPickItemKind.Separator },
    { label: customLabel(), description: vscode.l10n.t('YYYY-MM-DD HH:MM or +2h') },
  ];
  const picked = await pickOne(items, {
    title,
    placeHolder: options.placeHolder ?? vscode.l10n.t('When should the reminder arrive?'),
    ignoreFocusOut: true,
  });
  if (!picked) return undefined;
  if (picked.notATime) return NOT_A_TIME;
  if (picked.date) return picked.date;
  return askCustomWhen(title, options, now);
}

/** Strictly parsed; the box shows the understood time (or what is wrong) while typing. */
export async function askCustomWhen(
  title: string,
  options: WhenPickOptions = {},
  now: () => Date = () => new Date(),
): Promise<Date | undefined> {
  const understood = options.understood ?? ((when: string) => vscode.l10n.t('Remind {0}', when));
  const text = await askText({
    title,
    prompt: vscode.l10n.t('Date and time: {0}', whenFormatHint()),
    placeHolder: vscode.l10n.t('e.g. 2025-12-01 09:30 or +2h'),
    ignoreFocusOut: true,
    validateInput: (value) => {
      if (value.trim() === '') return undefined;
      const r = parseWhen(value, now());
      return r.ok
        ? { message: understood(describeWhen(r.date, now())), severity: vscode.InputBoxValidationSeverity.Info }
        : { message: r.error, severity: vscode.InputBoxValidationSeverity.Error };
    },
  });
  if (text === undefined) return undefined;
  const r = parseWhen(text, now());
  // The box refuses what does not parse; the time may have passed since (the kit shows why).
  if (!r.ok) throw new UserFacingError(r.error);
  return r.date;
}
