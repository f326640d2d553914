/**
 * Booking's free-time filter: which lead owners still have a call time to offer soon, so that a
 * lead routed on arrival goes to a member who can take the buyer's call.
 */
import type { Deps } from "../common/deps";
import type { Db } from "../platform/db/db";
import { loadWeeks } from "./availability";
import { ownerSlots } from "./slots";

/**
 * The members who have a free call time in the next two days. A member who never set their hours
 * is not judged by them (they take leads as before); one whose hours are full is skipped.
 */
export async function withFreeTime(
  tx: Db,
  deps: Pick<Deps, "now" | "env">,
  ids: number[],
): Promise<number[]> {
  const now = deps.now().getTime();
  const from = new Date(now + deps.env.booking.minNoticeMinutes * 60_000);
  const to = new Date(now + 2 * 86_400_000);
  const weeks = await loadWeeks(tx, ids, from, to);
  const judged = new Set(weeks.map((w) => w.ownerId));
  const free = new Set(
    weeks.filter((w) => ownerSlots(w, from.getTime(), to.getTime()).length > 0).map((w) => w.ownerId),
  );
  return ids.filter((id) => !judged.has(id) || free.has(id));
}
