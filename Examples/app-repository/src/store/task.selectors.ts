// The example app's task slice (the gate replaces this module with the app state's values).
import { createFeatureSelector, createSelector } from '@ngrx/store';

interface Task { id: string; title: string; isDone: boolean; projectId?: string | null }
interface TaskState { ids: string[]; entities: { [id: string]: Task }; todayTaskIds: string[] }
const selectTasks = createFeatureSelector<TaskState>('tasks');
export const selectTaskEntities = createSelector(selectTasks, (tasks) => tasks.entities);
export const selectTodayTaskIds = createSelector(selectTasks, (tasks) => tasks.todayTaskIds);
