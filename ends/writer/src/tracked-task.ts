// Revision 3's `currentTask` (CONTRACT.md §7.2, fact W7), written by this project to the facts
// stated there (never copied from the app): the task this device tracks, else the one another
// device's live session tracks, else null; each only when its task entity exists.

import { StateTask, Tracking } from "./app-state";

/** The blob's tracked task; key order is the order the keys are set in (W7). */
export interface WidgetCurrentTask {
  id: string;
  title: string;
  deviceLabel: string;
  isLocal: boolean;
  projectId?: string;
  sinceTs?: number;
  focusCycle?: number;
}

/** The tracked task of a state, or null (nothing tracked, its entity gone, a stale or stopped remote session). */
export function trackedTask(tracking: Tracking | undefined, taskById: Map<string, StateTask>): WidgetCurrentTask | null {
  return (tracking && (trackedHere(tracking, taskById) ?? trackedElsewhere(tracking, taskById))) ?? null;
}

/** This device's: id, title, label, local; then the project when truthy; then the session's start and cycle when known. */
function trackedHere(tracking: Tracking, taskById: Map<string, StateTask>): WidgetCurrentTask | null {
  const local = tracking.local;
  const task = local && local.taskId ? taskById.get(local.taskId) : undefined;
  if (!local || task === undefined) return null;
  const current: WidgetCurrentTask = { id: task.id, title: task.title, deviceLabel: local.deviceLabel, isLocal: true };
  if (task.projectId) current.projectId = task.projectId;
  if (local.session) {
    current.sinceTs = local.session.sinceTs;
    if (local.session.focusCycle !== undefined) current.focusCycle = local.session.focusCycle;
  }
  return current;
}

/** Another device's live session: id, title, its label, not local, its start; then the project; then its cycle. */
function trackedElsewhere(tracking: Tracking, taskById: Map<string, StateTask>): WidgetCurrentTask | null {
  const remote = tracking.remote;
  if (!remote || remote.isStale || remote.state !== "tracking") return null;
  const task = remote.taskId ? taskById.get(remote.taskId) : undefined;
  if (task === undefined) return null;
  const current: WidgetCurrentTask = { id: task.id, title: task.title, deviceLabel: remote.deviceLabel, isLocal: false, sinceTs: remote.sinceTs };
  if (task.projectId) current.projectId = task.projectId;
  if (remote.focusCycle !== undefined) current.focusCycle = remote.focusCycle;
  return current;
}
