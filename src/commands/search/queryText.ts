/** What the search box says: the parser's errors in words, and the operator cheat-sheet. */
import * as vscode from 'vscode';
import { visibleEmail } from '../../api/users/email';
import type { User } from '../../api/users/models';
import type { SearchDirectory, SearchPerson, SearchQueryError } from '../../messageList/searchQuery';
import type { ChatStore } from '../../store';
import { dateErrorText, dateExamples } from '../goToDate/dateText';

function person(u: User): SearchPerson {
  return { id: u.user_id, fullName: u.full_name, visibleEmail: visibleEmail(u) };
}

/** At most this many candidates are named when a name is ambiguous. */
const MAX_CANDIDATES = 5;

/** "Bob Brown <bob@example.com>, Bob Brown, and 3 more" (an address only where it may be shown). */
function candidateList(candidates: readonly SearchPerson[]): string {
  const named = candidates
    .slice(0, MAX_CANDIDATES)
    .map((p) => (p.visibleEmail ? `${p.fullName} <${p.visibleEmail}>` : p.fullName));
  const rest = candidates.length - named.length;
  return rest > 0 ? vscode.l10n.t('{0} and {1} more', named.join(', '), rest) : named.join(', ');
}

/** The parser's view of the session's store: channels by name, people by email or name. */
export function storeDirectory(store: ChatStore): SearchDirectory {
  return {
    ownUserId: store.ownUserId,
    channelId: (name) => {
      const wanted = name.toLowerCase();
      for (const c of store.channels()) if (c.name.toLowerCase() === wanted) return c.stream_id;
      return undefined;
    },
    userByEmail: (email) => {
      const u = store.userByEmail(email);
      return u ? person(u) : undefined;
    },
    people: function* () {
      for (const u of store.users()) yield person(u);
    },
  };
}

/**
 * An error in two short parts, each of which fits one line of the search box: what is wrong,
 * naming what was typed, and how to fix it (the box shows them as a row's description and detail,
 * which VS Code cuts with "…" rather than wrap).
 */
export interface QueryErrorText {
  readonly problem: string;
  readonly hint: string;
}

export function queryErrorText(error: SearchQueryError): QueryErrorText {
  const t = (problem: string, hint: string): QueryErrorText => ({ problem, hint });
  switch (error.kind) {
    case 'empty':
      return t(
        vscode.l10n.t('Nothing to search'),
        vscode.l10n.t('Type words to find, or an operator such as channel:general.'),
      );
    case 'unclosedQuote':
      return t(vscode.l10n.t('A quote is not closed'), vscode.l10n.t('Add the closing ".'));
    case 'unknownOperator':
      return t(
        vscode.l10n.t('Unknown operator "{0}:"', error.operator),
        vscode.l10n.t('To search for the text itself, put it in quotes: "{0}:".', error.operator),
      );
    case 'missingOperand':
      return t(
        vscode.l10n.t('"{0}:" needs a value', error.operator),
        vscode.l10n.t('Put it right after the colon, with no space.'),
      );
    case 'unknownChannel':
      return t(
        vscode.l10n.t('No channel named "{0}"', error.name),
        vscode.l10n.t('Put quotes around a name with spaces.'),
      );
    case 'unknownUser':
      return t(
        vscode.l10n.t('No user with the email or name "{0}"', error.name),
        vscode.l10n.t('Put quotes around a name with spaces; "me" is you.'),
      );
    case 'ambiguousUser':
      return t(
        vscode.l10n.t('"{0}" could be several people: {1}', error.name, candidateList(error.candidates)),
        vscode.l10n.t('Type more of the name (quoted: sender:"Bob Brown"), or an email.'),
      );
    case 'badIs':
      return t(
        vscode.l10n.t('"is:{0}" is not a search', error.operand),
        vscode.l10n.t('Use is:dm, starred, mentioned, unread, resolved, followed, alerted or muted.'),
      );
    case 'badHas':
      return t(
        vscode.l10n.t('"has:{0}" is not a search', error.operand),
        vscode.l10n.t('Use has:link, attachment, image or reaction.'),
      );
    case 'badChannels':
      return t(
        vscode.l10n.t('"channels:{0}" is not a search', error.operand),
        vscode.l10n.t('Use channels:public or channels:web-public.'),
      );
    case 'badId':
      return t(
        vscode.l10n.t('"{0}:" needs a message id', error.operator),
        vscode.l10n.t('"{0}" is not a number.', error.operand),
      );
    case 'negatedNear':
      return t(vscode.l10n.t('"near:" cannot be negated'), vscode.l10n.t('Remove the "-" before it.'));
    case 'badDate':
      return t(
        dateErrorText(error.error),
        vscode.l10n.t('After "date:": {0} (quoted when it has spaces).', dateExamples()),
      );
    case 'nearAndDate':
      return t(vscode.l10n.t('"near:" and "date:" both say where to list'), vscode.l10n.t('Keep one of the two.'));
    case 'channelAndDm':
      return t(
        vscode.l10n.t('No message is both in a channel and a direct message'),
        vscode.l10n.t('Drop one of the two.'),
      );
  }
}

/** One message per error, naming what was typed (an error notification). */
export function describeQueryError(error: SearchQueryError): string {
  const { problem, hint } = queryErrorText(error);
  return vscode.l10n.t('{0}. {1}', problem, hint);
}

export interface OperatorHint {
  /** What selecting it inserts. */
  readonly insert: string;
  readonly description: string;
}

/** The cheat-sheet, in the order the picker lists it. */
export function operatorHints(): OperatorHint[] {
  return [
    { insert: 'channel:', description: vscode.l10n.t('in a channel: channel:general, channel:"general chat"') },
    { insert: 'topic:', description: vscode.l10n.t('in a topic: topic:"code review"') },
    {
      insert: 'sender:',
      description: vscode.l10n.t('sent by: sender:bob, sender:"Bob Brown", sender:bob@example.com, sender:me'),
    },
    { insert: 'dm:', description: vscode.l10n.t('a direct conversation: dm:bob@example.com,"Carol Chen"') },
    { insert: 'dm-including:', description: vscode.l10n.t('direct messages with someone: dm-including:"Bob Brown"') },
    { insert: 'has:', description: vscode.l10n.t('has:link, has:attachment, has:image, has:reaction') },
    {
      insert: 'is:',
      description: vscode.l10n.t('is:dm, starred, mentioned, unread, resolved, followed, alerted, muted'),
    },
    { insert: 'channels:public', description: vscode.l10n.t('in every public channel, joined or not') },
    { insert: '-', description: vscode.l10n.t('excludes: -is:resolved, -channel:random') },
    { insert: 'near:', description: vscode.l10n.t('around a message: near:1234') },
    {
      insert: 'date:',
      description: vscode.l10n.t('from a day on: date:2026-11-20, date:yesterday, date:"2 weeks ago"'),
    },
  ];
}
