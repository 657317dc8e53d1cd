// The example app's project slice (the gate replaces this module with the app state's values).
import { createFeatureSelector } from '@ngrx/store';

interface Project { id: string; title: string; theme: { primary?: string } }
export const selectProjectFeatureState = createFeatureSelector<{ ids: string[]; entities: { [id: string]: Project } }>('projects');
