// The example app's widget writer, as an NgRx app has it: a memoized selector over its store,
// whose result the app stores for the widgets. The contract gate compiles it unedited with a
// generated adapter (widget-contract/widget-contract.json, "writer").
import { createSelector } from '@ngrx/store';
import { selectTodayStr, selectStartOfNextDayDiffMs } from '../store/day.selectors';
import { selectTaskEntities, selectTodayTaskIds } from '../store/task.selectors';
import { selectProjectFeatureState } from '../store/project.selectors';
import { WidgetData, WidgetTask } from './widget.model';

/** Local midnight after the day, plus the app's start-of-next-day offset: when the list stops being today's. */
export const widgetValidUntil = (dayStr: string, startOfNextDayDiffMs: number): number => {
  const [year, month, day] = dayStr.split('-').map(Number);
  return new Date(year, month - 1, day + 1).getTime() + startOfNextDayDiffMs;
};

export const selectWidgetData = createSelector(
  selectTodayTaskIds,
  selectTaskEntities,
  selectProjectFeatureState,
  selectTodayStr,
  selectStartOfNextDayDiffMs,
  (taskIds, tasks, projects, dayStr, startOfNextDayDiffMs): WidgetData => {
    const widgetTasks: WidgetTask[] = [];
    const projectColors: { [projectId: string]: string } = {};
    for (const id of taskIds) {
      const task = tasks[id];
      if (!task) continue;
      const widgetTask: WidgetTask = { id: task.id, title: task.title, isDone: task.isDone };
      if (task.projectId) {
        widgetTask.projectId = task.projectId;
        const colour = projects.entities[task.projectId]?.theme?.primary;
        if (colour) projectColors[task.projectId] = colour;
      }
      widgetTasks.push(widgetTask);
    }
    return { v: 1, dayStr, validUntil: widgetValidUntil(dayStr, startOfNextDayDiffMs), tasks: widgetTasks, projectColors };
  },
);
