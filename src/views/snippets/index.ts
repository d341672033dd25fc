/** The "Saved Snippets" tree in the Team Chat container. */
import { ContextKeys, Views } from '../../constants';
import type { Services } from '../../services';
import { SnippetsModel } from './model';
import { SnippetsProvider } from './provider';
import { registerTree, type TreeParts } from '../tree';

export { SnippetsModel, type SnippetNode } from './model';

export type SnippetsView = TreeParts<SnippetsModel, SnippetsProvider>;

export function register(services: Services): SnippetsView {
  return registerTree(services, Views.snippets, new SnippetsModel(services.sessions), (m) => new SnippetsProvider(m), {
    emptyKey: ContextKeys.snippetsEmpty,
  });
}
