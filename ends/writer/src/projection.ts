// The writer's projection, written by this project to the facts CONTRACT.md §7.2 states about
// the app's writer (never copied from it): app state → the object whose JSON.stringify is the
// blob. Pure in the state, except that `validUntil` reads the process's zone, exactly as the
// app's does; the protocol sets that zone to the state's before calling it.

import { AppState, StateProject, StateTask } from "./app-state";
import { trackedTask, WidgetCurrentTask } from "./tracked-task";

/** One task row of the blob; key order is the order the keys are set in. */
export interface WidgetTask {
  id: string;
  title: string;
  isDone: boolean;
  doneOn?: number;
  projectId?: string;
}

/** One entry of revision 2's `projects`. */
export interface WidgetProject {
  id: string;
  title: string;
  tasks: WidgetTask[];
}

/** The blob object; `validUntil` is NaN (written null) when the day cannot be read. */
export interface WidgetData {
  v: 1;
  dayStr: string;
  validUntil: number;
  tasks: WidgetTask[];
  projectColors: { [projectId: string]: string };
  projects?: WidgetProject[];
  /** Revision 3: always written, after everything else (W7). */
  currentTask?: WidgetCurrentTask | null;
}

/** Revision 2 lists at most this many tasks per project (CONTRACT.md §7.2, fact W6). */
export const PROJECT_TASK_LIMIT = 20;

/** The app keeps its Inbox out of revision 2's `projects` (CONTRACT.md §7.2, fact W6). */
export const INBOX_PROJECT_ID = "INBOX_PROJECT";

/**
 * Epoch ms where the logical day `dayStr` ends: the local midnight after it in the process's
 * zone, plus the start-of-next-day offset (fact W3). The day is read by splitting on `-` and
 * converting each piece with Number, so anything but digits gives NaN.
 */
export function validUntilOf(dayStr: string, startOfNextDayDiffMs: number): number {
  const [year, month, day] = dayStr.split("-").map(Number);
  return new Date(year, month - 1, day + 1).getTime() + startOfNextDayDiffMs;
}

/** Projects one app state into the blob object of its revision. */
export function projectWidgetData(state: AppState): WidgetData {
  const taskById = new Map<string, StateTask>();
  for (const task of state.tasks) taskById.set(task.id, task);
  const projectById = new Map<string, StateProject>();
  for (const project of state.projects) projectById.set(project.id, project);
  // A plain object on purpose: the app's map is one, so JSON.stringify orders its keys as the
  // app's does (array-index ids first, ascending; then the others in insertion order).
  const projectColors: { [projectId: string]: string } = {};

  const rowFor = (taskId: string): WidgetTask | undefined => {
    const task = taskById.get(taskId);
    if (task === undefined) return undefined;
    const row: WidgetTask = { id: task.id, title: task.title, isDone: task.isDone };
    if (state.revision >= 2 && task.isDone && typeof task.doneOn === "number") row.doneOn = task.doneOn;
    if (task.projectId) {
      row.projectId = task.projectId;
      const colour = projectById.get(task.projectId)?.primary;
      if (colour) projectColors[task.projectId] = colour;
    }
    return row;
  };

  const tasks = state.todayTaskIds.map(rowFor).filter((row): row is WidgetTask => row !== undefined);
  const blob: WidgetData = {
    v: 1,
    dayStr: state.todayStr,
    validUntil: validUntilOf(state.todayStr, state.startOfNextDayDiffMs),
    tasks,
    projectColors,
  };
  if (state.revision >= 2) {
    blob.projects = state.projects
      .filter((project) => !project.isArchived && !project.isHiddenFromMenu && project.id !== INBOX_PROJECT_ID)
      .map((project) => ({ id: project.id, title: project.title, tasks: firstRows(project, rowFor) }));
  }
  if (state.revision >= 3) blob.currentTask = trackedTask(state.tracking, taskById);
  return blob;
}

/** A project's first rows: its task list, then its backlog, skipping ids with no entity. */
function firstRows(project: StateProject, rowFor: (taskId: string) => WidgetTask | undefined): WidgetTask[] {
  const rows: WidgetTask[] = [];
  for (const ids of [project.taskIds, project.backlogTaskIds]) {
    for (const taskId of ids) {
      if (rows.length === PROJECT_TASK_LIMIT) return rows;
      const row = rowFor(taskId);
      if (row !== undefined) rows.push(row);
    }
  }
  return rows;
}
