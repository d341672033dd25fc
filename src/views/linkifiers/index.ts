/** The "Linkifiers" tree in the Team Chat container. */
import { ContextKeys, Views } from '../../constants';
import type { Services } from '../../services';
import { LinkifiersModel } from './model';
import { LinkifiersProvider } from './provider';
import { registerTree, type TreeParts } from '../tree';

export { LinkifiersModel, type LinkifierNode } from './model';

export type LinkifiersView = TreeParts<LinkifiersModel, LinkifiersProvider>;

export function register(services: Services): LinkifiersView {
  return registerTree(
    services,
    Views.linkifiers,
    new LinkifiersModel(services.sessions),
    (m) => new LinkifiersProvider(m),
    {
      emptyKey: ContextKeys.linkifiersEmpty,
    },
  );
}
