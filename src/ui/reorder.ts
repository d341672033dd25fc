/** Moving one item of an ordered list one place (linkifiers, channel folders): the new order, or a refusal. */
import { UserFacingError } from './errorMessage';

/** The order with `id` moved one place (`-1` up, `+1` down); undefined when it cannot move. */
export function movedOrder(ids: readonly number[], id: number, delta: -1 | 1): number[] | undefined {
  const i = ids.indexOf(id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= ids.length) return undefined;
  const next = [...ids];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/** {@link movedOrder}, or a refusal saying the item is already first (moving up) or last (moving down). */
export function moveOneStep(
  ids: readonly number[],
  id: number,
  delta: -1 | 1,
  refusal: { first: () => string; last: () => string },
): number[] {
  const order = movedOrder(ids, id, delta);
  if (!order) throw new UserFacingError(delta < 0 ? refusal.first() : refusal.last());
  return order;
}
