/**
 * What "Ask the team about this error…" posts: where the problem is (the permalink, else the line
 * reference, so the topic becomes a thread on those lines), the diagnostic's message as a quote
 * with its source and code, and the lines around it as a fenced block. No `vscode`.
 */
import { fencedBlock } from './codeBlock';

export interface ProblemReport {
  /** `path:line` or `path:start-end`, as written in the message. */
  readonly reference: string;
  readonly permalink?: string;
  /** `Error`, `Warning`, `Information` or `Hint`. */
  readonly severity: string;
  readonly message: string;
  readonly source?: string;
  readonly code?: string | number;
  /** The lines around the problem, and the file's language. */
  readonly lines: string;
  readonly languageId: string;
}

/** A topic name for the problem: its source and code, and the start of its message (at most `max` characters). */
export function problemTopic(report: Pick<ProblemReport, 'message' | 'source' | 'code'>, max = 60): string {
  const tag = [report.source, report.code].filter((x) => x !== undefined && x !== '').join(' ');
  const first = report.message.split('\n')[0]!.replace(/\s+/g, ' ').trim();
  const topic = tag ? `${tag}: ${first}` : first;
  return [...topic].length <= max ? topic : `${[...topic].slice(0, max - 1).join('')}…`;
}

export function problemContent(report: ProblemReport): string {
  const where = report.permalink ? `[\`${report.reference}\`](${report.permalink})` : `\`${report.reference}\``;
  const tag = [report.source, report.code]
    .filter((x) => x !== undefined && x !== '')
    .map(String)
    .join(' ');
  const head = tag
    ? `${report.severity} in ${where} (${tag.replace(/[`*_[\]]/g, '\\$&')}):`
    : `${report.severity} in ${where}:`;
  return `${head}\n${fencedBlock(report.message, 'quote')}\n${fencedBlock(report.lines, report.languageId)}`;
}
