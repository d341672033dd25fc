/** The "Direct Messages" tree in the Team Chat container: recent conversations following the current session. */
import { ContextKeys, Views } from '../../constants';
import type { Services } from '../../services';
import { followStore, registerTree, type TreeParts } from '../tree';
import { DirectMessagesModel } from './model';
import { DirectMessagesProvider } from './provider';

export { DirectMessagesModel, type ConversationNode, type ConversationRow } from './model';

export type DirectMessagesView = TreeParts<DirectMessagesModel, DirectMessagesProvider>;

export function register(services: Services): DirectMessagesView {
  const tree = registerTree(
    services,
    Views.directMessages,
    new DirectMessagesModel(),
    (m) => new DirectMessagesProvider(m),
    { emptyKey: ContextKeys.directMessagesEmpty },
  );
  followStore(services, tree.model);
  return tree;
}
