// The input selectors an NgRx app's widget selector is made of, as the harness's app state
// (CONTRACT.md §7.1) gives them: what the generated writer adapter feeds a selector's projector
// (`createSelector(a, b, …, projector)`: the projector gets each input's value, in order). Named
// as the app's store names them; a selector taking an input not here is refused at build time,
// naming it, and is mapped in the contract folder's own inputs file (docs/adopting.md, "Writer").
import { AppState, StateProject, StateTask } from "./app-state";

/** A task entity as the app's store holds it: the fields the harness's state has. */
function taskEntity(task: StateTask): { [field: string]: unknown } {
  return { ...task };
}

/** A project entity as the app's store holds it: its theme's `primary` under `theme`. */
function projectEntity(project: StateProject): { [field: string]: unknown } {
  const { primary, ...rest } = project;
  return { ...rest, theme: primary === null ? {} : { primary } };
}

/** `{ ids, entities }`, the shape of an NgRx entity state. */
function entityState<T extends { id: string }>(items: T[], entity: (item: T) => { [field: string]: unknown }) {
  const entities: { [id: string]: { [field: string]: unknown } } = {};
  for (const item of items) entities[item.id] = entity(item);
  return { ids: items.map((item) => item.id), entities };
}

export type InputMap = { [selectorName: string]: (state: AppState) => unknown };

export const storeInputs: InputMap = {
  selectTodayStr: (state) => state.todayStr,
  selectStartOfNextDayDiffMs: (state) => state.startOfNextDayDiffMs,
  selectTodayTaskIds: (state) => state.todayTaskIds,
  selectTaskEntities: (state) => entityState(state.tasks, taskEntity).entities,
  selectTaskFeatureState: (state) => entityState(state.tasks, taskEntity),
  selectAllTasks: (state) => state.tasks.map(taskEntity),
  selectProjectFeatureState: (state) => entityState(state.projects, projectEntity),
  selectProjectEntities: (state) => entityState(state.projects, projectEntity).entities,
  selectAllProjects: (state) => state.projects.map(projectEntity),
  selectUnarchivedProjects: (state) => state.projects.filter((project) => !project.isArchived).map(projectEntity),
};
