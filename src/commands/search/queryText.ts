/** What the search box says: the parser's errors in words, and the operator cheat-sheet. */
import * as vscode from 'vscode';
import { visibleEmail } from '../../api/users/email';
import type { User } from '../../api/users/models';
import type { SearchDirectory, SearchPerson, SearchQueryError } from '../../messageList/searchQuery';
import type { ChatStore } from '../../store';

function person(u: User): SearchPerson {
  return { id: u.user_id, fullName: u.full_name, visibleEmail: visibleEmail(u) };
}

/** At most this many candidates are named when a name is ambiguous. */
const MAX_CANDIDATES = 5;

/** "Bob Brown <bob@example.com>, Bob Brown, and 3 more" (an address only where it may be shown). */
function candidateList(candidates: readonly SearchPerson[]): string {
  const named = candidates.slice(0, MAX_CANDIDATES).map((p) => (p.visibleEmail ? `${p.fullName} <${p.visibleEmail}>` : p.fullName));
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

/** One sentence per error, naming what was typed. */
export function describeQueryError(error: SearchQueryError): string {
  switch (error.kind) {
    case 'empty':
      return vscode.l10n.t('Type words to find, or an operator such as channel:general.');
    case 'unclosedQuote':
      return vscode.l10n.t('A quote is not closed: add the closing ".');
    case 'unknownOperator':
      return vscode.l10n.t('Unknown operator "{0}:". To search for the text itself, put it in quotes: "{0}:".', error.operator);
    case 'missingOperand':
      return vscode.l10n.t('"{0}:" needs a value after the colon (no space).', error.operator);
    case 'unknownChannel':
      return vscode.l10n.t('No channel named "{0}" (use quotes around a name with spaces).', error.name);
    case 'unknownUser':
      return vscode.l10n.t('No user with the email or name "{0}" (quote a name with spaces; "me" is you).', error.name);
    case 'ambiguousUser':
      return vscode.l10n.t('"{0}" could be several people: {1}. Type more of the name (quoted: sender:"Bob Brown"), or an email.', error.name, candidateList(error.candidates));
    case 'badIs':
      return vscode.l10n.t('"is:{0}" is not a search: use is:dm, starred, mentioned, unread, resolved, followed, alerted or muted.', error.operand);
    case 'badHas':
      return vscode.l10n.t('"has:{0}" is not a search: use has:link, attachment, image or reaction.', error.operand);
    case 'badChannels':
      return vscode.l10n.t('"channels:{0}" is not a search: use channels:public or channels:web-public.', error.operand);
    case 'badId':
      return vscode.l10n.t('"{0}:" needs a message id (a number), not "{1}".', error.operator, error.operand);
    case 'negatedNear':
      return vscode.l10n.t('"near:" cannot be negated.');
    case 'channelAndDm':
      return vscode.l10n.t('No message is both in a channel and a direct message: drop one of the two.');
  }
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
    { insert: 'sender:', description: vscode.l10n.t('sent by: sender:bob, sender:"Bob Brown", sender:bob@example.com, sender:me') },
    { insert: 'dm:', description: vscode.l10n.t('a direct conversation: dm:bob@example.com,"Carol Chen"') },
    { insert: 'dm-including:', description: vscode.l10n.t('direct messages with someone: dm-including:"Bob Brown"') },
    { insert: 'has:', description: vscode.l10n.t('has:link, has:attachment, has:image, has:reaction') },
    { insert: 'is:', description: vscode.l10n.t('is:dm, starred, mentioned, unread, resolved, followed, alerted, muted') },
    { insert: 'channels:public', description: vscode.l10n.t('in every public channel, joined or not') },
    { insert: '-', description: vscode.l10n.t('excludes: -is:resolved, -channel:random') },
    { insert: 'near:', description: vscode.l10n.t('around a message: near:1234') },
  ];
}
