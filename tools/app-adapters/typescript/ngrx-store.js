"use strict";
// What the generated writer adapter gives an app's selector file in place of @ngrx/store: a
// createSelector that keeps the inputs' names and the projector (NgRx's own selectors expose
// `.projector` the same way), so the adapter calls the projector with the app state's values.
// Input selectors from the app's other store modules are stubs naming themselves.
Object.defineProperty(exports, "__esModule", { value: true });
function nameOf(part) {
  if (part && typeof part.widgetContractInput === "string") return part.widgetContractInput;
  if (part && Array.isArray(part.widgetContractInputs)) return part; // a selector of this file, composed
  throw new Error("createSelector got an input that is neither a store selector nor one of this file's selectors");
}
function createSelector(...parts) {
  if (parts.length === 1 && Array.isArray(parts[0])) parts = parts[0];
  const projector = parts[parts.length - 1];
  if (typeof projector !== "function") throw new Error("createSelector needs a projector as its last argument");
  const selector = function () { throw new Error("a widget-contract adapter selector is called through its projector"); };
  selector.projector = projector;
  selector.widgetContractInputs = parts.slice(0, -1).map(nameOf);
  return selector;
}
function createFeatureSelector(name) { return { widgetContractInput: name }; }
function createSelectorFactory() { return createSelector; }
exports.createSelector = createSelector;
exports.createFeatureSelector = createFeatureSelector;
exports.createSelectorFactory = createSelectorFactory;
