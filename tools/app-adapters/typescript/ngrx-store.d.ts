// The types of the @ngrx/store stand-in (ngrx-store.js): loose on purpose, the app's own types
// come from its files.
export declare function createSelector(...parts: any[]): any;
export declare function createFeatureSelector(name: string): any;
export declare function createSelectorFactory(...parts: any[]): any;
