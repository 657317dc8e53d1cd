// The project's drain (CONTRACT.md §10.6): what the app applies for the queue a widget handed
// over. Written to the facts about the app's `getTaskDoneChangesToApply` (b28e0ade, and the
// first drain `getTaskIdsToMarkDone` of pull request 8737) and the project's decisions: tasks
// are looked up as own entries only, a done change carries the tap's time, and the first
// version's array is read when the drain declares `legacyArray`.

/** The queue features a drain implements (the description's, schemas/queue-contract.json). */
export interface DrainFeatures {
  targets: boolean;
  tapTimes: boolean;
  legacyArray: boolean;
}

/** A change the app applies: setDone / setUnDone, with the tap's time for a done change. */
export interface DrainChange {
  id: string;
  isDone: boolean;
  doneOn?: number;
}

/** The app's tasks by id: whether each is done. A Map: an id like `__proto__` is a key like any other. */
export type TaskStates = Map<string, boolean>;

/** Reads `text` as JSON; undefined when it is not. */
function parsed(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The tap times handed over: positive safe integers by task id; anything else is no time. */
function tapTimes(text: string | null): Map<string, number> {
  const times = new Map<string, number>();
  const value = parsed(text);
  if (typeof value !== "object" || value === null || Array.isArray(value)) return times;
  for (const [id, ms] of Object.entries(value as Record<string, unknown>)) {
    if (typeof ms === "number" && Number.isSafeInteger(ms) && ms > 0) times.set(id, ms);
  }
  return times;
}

/**
 * The changes to apply, in the order the handed object lists its tasks (JavaScript's: array-index
 * keys first): one per task that exists and whose target differs from its state. Nothing for text
 * that is not JSON, for `null`, for a value of another form, for targets that are not booleans.
 */
export function changesToApply(queue: string | null, times: string | null, tasks: TaskStates, features: DrainFeatures): DrainChange[] {
  const value = parsed(queue);
  if (Array.isArray(value)) {
    if (!features.legacyArray) return [];
    // The first version's queue: the ids of done taps, repeated as often as tapped.
    const ids = [...new Set(value.filter((id): id is string => typeof id === "string"))];
    return ids.filter((id) => tasks.get(id) === false).map((id) => ({ id, isDone: true }));
  }
  if (typeof value !== "object" || value === null || !features.targets) return [];
  const doneAt = features.tapTimes ? tapTimes(times) : new Map<string, number>();
  const changes: DrainChange[] = [];
  for (const [id, target] of Object.entries(value as Record<string, unknown>)) {
    if (typeof target !== "boolean") continue;
    const state = tasks.get(id);
    if (state === undefined || state === target) continue;
    const at = target ? doneAt.get(id) : undefined;
    changes.push(at === undefined ? { id, isDone: target } : { id, isDone: target, doneOn: at });
  }
  return changes;
}
