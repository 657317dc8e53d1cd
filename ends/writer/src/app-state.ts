// An app-state line (CONTRACT.md §7.1, schemas/app-state.schema.json): what the writer reads
// from the app, reduced to the selector's inputs, read strictly so a typo is a crash line
// rather than a silently different blob.

/** The writer revisions the writer end knows (CONTRACT.md §7.2). */
export type Revision = 1 | 2 | 3;

/** One task entity: the fields of the app's Task that the projection reads. */
export interface StateTask {
  id: string;
  title: string;
  isDone: boolean;
  /** Completion time (epoch ms); absent or null when the app has none. */
  doneOn?: number | null;
  /** Absent, null or "" for a task without a project. */
  projectId?: string | null;
}

/** One project entity: the fields of the app's Project that the projection reads. */
export interface StateProject {
  id: string;
  title: string;
  /** The project theme's `primary`: free text, or null when the theme has none. */
  primary: string | null;
  isArchived: boolean;
  isHiddenFromMenu: boolean;
  taskIds: string[];
  backlogTaskIds: string[];
}

/** This device's tracking: its current task and label, and the session's start when known. */
export interface LocalTracking {
  taskId: string;
  deviceLabel: string;
  /** null while the app does not know the session's start yet. */
  session: { sinceTs: number; focusCycle?: number } | null;
}

/** The last session another device announced, as this device sees it. */
export interface RemoteTracking {
  state: "tracking" | "stopped";
  isStale: boolean;
  taskId: string | null;
  deviceLabel: string;
  sinceTs: number;
  focusCycle?: number;
}

/** What the app knows about the task being tracked (revision 3's `currentTask`). */
export interface Tracking {
  local: LocalTracking | null;
  remote: RemoteTracking | null;
}

/** One app state, as one line of golden/states/*.jsonl or of the writer protocol. */
export interface AppState {
  id: string;
  note?: string;
  /** False when the app itself cannot hold this state (a robustness input, CONTRACT.md §7.1). */
  inApp: boolean;
  revision: Revision;
  /** The writer's (device's) IANA zone at push time. */
  timeZone: string;
  todayStr: string;
  startOfNextDayDiffMs: number;
  /** Today's task ids in order; an id with no entity in `tasks` is a task whose entity is gone. */
  todayTaskIds: string[];
  /** Task entities, each id once. */
  tasks: StateTask[];
  /** Project entities in the app's entity order, each id once. */
  projects: StateProject[];
  /** Absent: nothing is tracked anywhere. */
  tracking?: Tracking;
}

/** A state line that cannot be used, with the field that makes it so. */
export class StateError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const STATE_ID = /^[a-z0-9-]+\/[a-z0-9.-]+$/;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The first thing wrong with an object's keys: the key (null: the value itself) and what; undefined when none. */
function keyProblem(value: Json | undefined, keys: readonly string[], optional: readonly string[]): [string | null, string] | undefined {
  if (!isObject(value)) return [null, "not an object"];
  for (const key of Object.keys(value)) {
    if (!keys.includes(key) && !optional.includes(key)) return [key, "unknown field"];
  }
  for (const key of keys) {
    if (!(key in value)) return [key, "missing"];
  }
  return undefined;
}

function objectAt(value: Json | undefined, field: string, keys: readonly string[], optional: readonly string[] = []): JsonObject {
  const problem = keyProblem(value, keys, optional);
  if (problem !== undefined) throw new StateError(problem[0] === null ? field : join(field, problem[0]), problem[1]);
  return value as JsonObject;
}

function join(field: string, key: string): string {
  return field === "" ? key : `${field}.${key}`;
}

function text(value: Json | undefined, field: string): string {
  if (typeof value !== "string") throw new StateError(field, "not a string");
  return value;
}

function flag(value: Json | undefined, field: string): boolean {
  if (typeof value !== "boolean") throw new StateError(field, "not a boolean");
  return value;
}

function integer(value: Json | undefined, field: string): number {
  if (!isInteger(value)) throw new StateError(field, "not a safe integer");
  return value;
}

function isInteger(value: Json | undefined): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

function texts(value: Json | undefined, field: string): string[] {
  const problem = textsProblem(value);
  if (problem !== undefined) throw new StateError(problem[0] === null ? field : `${field}[${problem[0]}]`, problem[1]);
  return value as string[];
}

/** The first thing wrong with a list of texts: the index (null: the value itself) and what; undefined when none. */
function textsProblem(value: Json | undefined): [number | null, string] | undefined {
  if (!Array.isArray(value)) return [null, "not an array"];
  for (let index = 0; index < value.length; index += 1) {
    if (typeof value[index] !== "string") return [index, "not a string"];
  }
  return undefined;
}

// A list element's field names (`tasks[3]`, `tasks[3].id`) are spelled out only for an error
// (`Element`): building every element's and every member's name up front, or wrapping each
// member's check in a closure and a try/catch to rename its error, was most of reading a state.

/** Element `index` of the state's list `list`: checks its members, naming one only when it is wrong. */
class Element {
  constructor(readonly list: string, readonly index: number) {}

  /** `tasks[3]`, or `tasks[3].id` for a key. */
  name(key: string | null): string {
    return key === null ? `${this.list}[${this.index}]` : `${this.list}[${this.index}].${key}`;
  }

  object(value: Json | undefined, keys: readonly string[], optional: readonly string[] = []): JsonObject {
    const problem = keyProblem(value, keys, optional);
    if (problem !== undefined) throw new StateError(this.name(problem[0]), problem[1]);
    return value as JsonObject;
  }

  text(value: Json | undefined, key: string): string {
    if (typeof value !== "string") throw new StateError(this.name(key), "not a string");
    return value;
  }

  flag(value: Json | undefined, key: string): boolean {
    if (typeof value !== "boolean") throw new StateError(this.name(key), "not a boolean");
    return value;
  }

  integer(value: Json | undefined, key: string): number {
    if (!isInteger(value)) throw new StateError(this.name(key), "not a safe integer");
    return value;
  }

  texts(value: Json | undefined, key: string): string[] {
    const problem = textsProblem(value);
    if (problem !== undefined) throw new StateError(problem[0] === null ? this.name(key) : `${this.name(key)}[${problem[0]}]`, problem[1]);
    return value as string[];
  }
}

function list<T>(value: Json | undefined, field: string, read: (item: Json, element: Element) => T): T[] {
  if (!Array.isArray(value)) throw new StateError(field, "not an array");
  const items: T[] = [];
  for (let index = 0; index < value.length; index += 1) items.push(read(value[index] as Json, new Element(field, index)));
  return items;
}

const TASK_KEYS = ["id", "title", "isDone"], TASK_OPTIONAL_KEYS = ["doneOn", "projectId"];
const PROJECT_KEYS = ["id", "title", "primary", "isArchived", "isHiddenFromMenu", "taskIds", "backlogTaskIds"];

function uniqueIds(items: { id: string }[], field: string): void {
  const seen = new Set<string>();
  for (let index = 0; index < items.length; index += 1) {
    const id = (items[index] as { id: string }).id;
    if (seen.has(id)) throw new StateError(`${field}[${index}].id`, `id ${JSON.stringify(id)} given twice`);
    seen.add(id);
  }
}

function readTask(value: Json, element: Element): StateTask {
  const task = element.object(value, TASK_KEYS, TASK_OPTIONAL_KEYS);
  const result: StateTask = {
    id: element.text(task.id, "id"),
    title: element.text(task.title, "title"),
    isDone: element.flag(task.isDone, "isDone"),
  };
  if ("doneOn" in task) result.doneOn = task.doneOn === null ? null : element.integer(task.doneOn, "doneOn");
  if ("projectId" in task) result.projectId = task.projectId === null ? null : element.text(task.projectId, "projectId");
  return result;
}

function readProject(value: Json, element: Element): StateProject {
  const project = element.object(value, PROJECT_KEYS);
  return {
    id: element.text(project.id, "id"),
    title: element.text(project.title, "title"),
    primary: project.primary === null ? null : element.text(project.primary, "primary"),
    isArchived: element.flag(project.isArchived, "isArchived"),
    isHiddenFromMenu: element.flag(project.isHiddenFromMenu, "isHiddenFromMenu"),
    taskIds: element.texts(project.taskIds, "taskIds"),
    backlogTaskIds: element.texts(project.backlogTaskIds, "backlogTaskIds"),
  };
}

function readTracking(value: Json | undefined): Tracking {
  const tracking = objectAt(value, "tracking", ["local", "remote"]);
  let local: LocalTracking | null = null;
  if (tracking.local !== null) {
    const field = "tracking.local";
    const given = objectAt(tracking.local, field, ["taskId", "deviceLabel", "session"]);
    local = { taskId: text(given.taskId, `${field}.taskId`), deviceLabel: text(given.deviceLabel, `${field}.deviceLabel`), session: null };
    if (given.session !== null) {
      const session = objectAt(given.session, `${field}.session`, ["sinceTs"], ["focusCycle"]);
      local.session = { sinceTs: integer(session.sinceTs, `${field}.session.sinceTs`) };
      if ("focusCycle" in session) local.session.focusCycle = integer(session.focusCycle, `${field}.session.focusCycle`);
    }
  }
  let remote: RemoteTracking | null = null;
  if (tracking.remote !== null) {
    const field = "tracking.remote";
    const given = objectAt(tracking.remote, field, ["state", "isStale", "taskId", "deviceLabel", "sinceTs"], ["focusCycle"]);
    const state = text(given.state, `${field}.state`);
    if (state !== "tracking" && state !== "stopped") throw new StateError(`${field}.state`, `unknown session state ${JSON.stringify(state)}`);
    remote = {
      state,
      isStale: flag(given.isStale, `${field}.isStale`),
      taskId: given.taskId === null ? null : text(given.taskId, `${field}.taskId`),
      deviceLabel: text(given.deviceLabel, `${field}.deviceLabel`),
      sinceTs: integer(given.sinceTs, `${field}.sinceTs`),
    };
    if ("focusCycle" in given) remote.focusCycle = integer(given.focusCycle, `${field}.focusCycle`);
  }
  return { local, remote };
}

/**
 * The zone exactly as an IANA name the machine's ICU knows. A name ICU only knows in another
 * letter case is refused: the app's zone comes from the system, always spelled canonically.
 */
function zone(value: Json | undefined, field: string): string {
  const name = text(value, field);
  if (knownZones.has(name)) return name;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    throw new StateError(field, `unknown zone ${JSON.stringify(name)}`);
  }
  if (resolved !== name && resolved.toLowerCase() === name.toLowerCase()) {
    throw new StateError(field, `zone ${JSON.stringify(name)} is spelled ${JSON.stringify(resolved)}`);
  }
  knownZones.add(name);
  return name;
}

/** Zones already found good: building a formatter to ask ICU costs more than the rest of a state. */
const knownZones = new Set<string>();

/** The id of a state line, when it has a usable one (for crash lines of otherwise bad lines). */
export function stateIdOf(value: Json): string {
  return isObject(value) && typeof value.id === "string" ? value.id : "";
}

/** Reads one parsed app-state line strictly; throws StateError naming the field. */
export function readAppState(value: Json): AppState {
  const state = objectAt(value, "", ["id", "inApp", "revision", "timeZone", "todayStr", "startOfNextDayDiffMs", "todayTaskIds", "tasks", "projects"], ["note", "tracking"]);
  const id = text(state.id, "id");
  if (!STATE_ID.test(id)) throw new StateError("id", `${JSON.stringify(id)} is not <file>/<name> of [a-z0-9.-]`);
  const revision = integer(state.revision, "revision");
  if (revision !== 1 && revision !== 2 && revision !== 3) throw new StateError("revision", `unknown writer revision ${revision}`);
  const tasks = list(state.tasks, "tasks", readTask);
  const projects = list(state.projects, "projects", readProject);
  uniqueIds(tasks, "tasks");
  uniqueIds(projects, "projects");
  const result: AppState = {
    id,
    inApp: flag(state.inApp, "inApp"),
    revision,
    timeZone: zone(state.timeZone, "timeZone"),
    todayStr: text(state.todayStr, "todayStr"),
    startOfNextDayDiffMs: integer(state.startOfNextDayDiffMs, "startOfNextDayDiffMs"),
    todayTaskIds: texts(state.todayTaskIds, "todayTaskIds"),
    tasks,
    projects,
  };
  if ("note" in state) result.note = text(state.note, "note");
  if ("tracking" in state) result.tracking = readTracking(state.tracking);
  return result;
}

export type { Json };
