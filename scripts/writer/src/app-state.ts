// An app-state line (CONTRACT.md §7.1, schemas/app-state.schema.json): what the writer reads
// from the app, reduced to the selector's inputs, read strictly so a typo is a crash line
// rather than a silently different blob.

/** The writer revisions the writer end knows (CONTRACT.md §7.2). */
export type Revision = 1 | 2;

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

function objectAt(value: Json | undefined, field: string, keys: readonly string[], optional: readonly string[] = []): JsonObject {
  if (!isObject(value)) throw new StateError(field, "not an object");
  for (const key of Object.keys(value)) {
    if (!keys.includes(key) && !optional.includes(key)) throw new StateError(join(field, key), "unknown field");
  }
  for (const key of keys) {
    if (!(key in value)) throw new StateError(join(field, key), "missing");
  }
  return value;
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
  if (typeof value !== "number" || !Number.isSafeInteger(value)) throw new StateError(field, "not a safe integer");
  return value;
}

function texts(value: Json | undefined, field: string): string[] {
  if (!Array.isArray(value)) throw new StateError(field, "not an array");
  for (let index = 0; index < value.length; index += 1) {
    if (typeof value[index] !== "string") throw new StateError(`${field}[${index}]`, "not a string");
  }
  return value as string[];
}

function list<T>(value: Json | undefined, field: string, read: (item: Json, list: string, index: number) => T): T[] {
  if (!Array.isArray(value)) throw new StateError(field, "not an array");
  return value.map((item, index) => read(item, field, index));
}

// A list element's field names (`tasks[3]`, `tasks[3].id`) are spelled out only for an error:
// building every element's and every member's name up front was a good part of reading a
// state, and of the garbage the writer end collects. `check` reads the value under the
// stand-in name HERE; an error's field then gets the element's real name in its place.

const HERE = "\u0000";

function inElement<T>(value: Json | undefined, list: string, index: number, key: string | null,
                      check: (value: Json | undefined, field: string) => T): T {
  try {
    return check(value, HERE);
  } catch (error) {
    if (!(error instanceof StateError) || !error.field.startsWith(HERE)) throw error;
    const name = key === null ? `${list}[${index}]` : `${list}[${index}].${key}`;
    throw new StateError(name + error.field.slice(HERE.length), error.message);
  }
}

const TASK_KEYS = ["id", "title", "isDone"], TASK_OPTIONAL_KEYS = ["doneOn", "projectId"];
const PROJECT_KEYS = ["id", "title", "primary", "isArchived", "isHiddenFromMenu", "taskIds", "backlogTaskIds"];
const taskObject = (value: Json | undefined, field: string): JsonObject => objectAt(value, field, TASK_KEYS, TASK_OPTIONAL_KEYS);
const projectObject = (value: Json | undefined, field: string): JsonObject => objectAt(value, field, PROJECT_KEYS);

function uniqueIds(items: { id: string }[], field: string): void {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) throw new StateError(`${field}[${index}].id`, `id ${JSON.stringify(item.id)} given twice`);
    seen.add(item.id);
  });
}

function readTask(value: Json, list: string, index: number): StateTask {
  const task = inElement(value, list, index, null, taskObject);
  const result: StateTask = {
    id: inElement(task.id, list, index, "id", text),
    title: inElement(task.title, list, index, "title", text),
    isDone: inElement(task.isDone, list, index, "isDone", flag),
  };
  if ("doneOn" in task) result.doneOn = task.doneOn === null ? null : inElement(task.doneOn, list, index, "doneOn", integer);
  if ("projectId" in task) result.projectId = task.projectId === null ? null : inElement(task.projectId, list, index, "projectId", text);
  return result;
}

function readProject(value: Json, list: string, index: number): StateProject {
  const project = inElement(value, list, index, null, projectObject);
  return {
    id: inElement(project.id, list, index, "id", text),
    title: inElement(project.title, list, index, "title", text),
    primary: project.primary === null ? null : inElement(project.primary, list, index, "primary", text),
    isArchived: inElement(project.isArchived, list, index, "isArchived", flag),
    isHiddenFromMenu: inElement(project.isHiddenFromMenu, list, index, "isHiddenFromMenu", flag),
    taskIds: inElement(project.taskIds, list, index, "taskIds", texts),
    backlogTaskIds: inElement(project.backlogTaskIds, list, index, "backlogTaskIds", texts),
  };
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
  const state = objectAt(value, "", ["id", "inApp", "revision", "timeZone", "todayStr", "startOfNextDayDiffMs", "todayTaskIds", "tasks", "projects"], ["note"]);
  const id = text(state.id, "id");
  if (!STATE_ID.test(id)) throw new StateError("id", `${JSON.stringify(id)} is not <file>/<name> of [a-z0-9.-]`);
  const revision = integer(state.revision, "revision");
  if (revision !== 1 && revision !== 2) throw new StateError("revision", `unknown writer revision ${revision}`);
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
  return result;
}

export type { Json };
