// The example app's day slice (the gate replaces this module with the app state's values).
import { createFeatureSelector, createSelector } from '@ngrx/store';

interface DayState { todayStr: string; startOfNextDayDiffMs: number }
const selectDay = createFeatureSelector<DayState>('day');
export const selectTodayStr = createSelector(selectDay, (day) => day.todayStr);
export const selectStartOfNextDayDiffMs = createSelector(selectDay, (day) => day.startOfNextDayDiffMs);
