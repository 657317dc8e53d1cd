// How an app puts its own writer under test: keep the projection it already has (a pure
// function of its store), and give the writer protocol (CONTRACT.md §7.3) an adapter from an
// app-state line to that store. The protocol does the rest: one state line in, the blob as
// JSON.stringify writes it out (or a crash line), the process zone set to the state's.
//   scripts/build-writer
//   node .build/writer-example/Examples/writer-protocol/app-writer.js < golden/states/colours.jsonl

import { AppState } from "../../ends/writer/src/app-state";
import { serveWriterProtocol } from "../../ends/writer/src/writer-protocol";

// --- The app's side, as it already is (a small made-up app, revision 1 of the blob). ---

/** The app's store: entities by id, as a state library keeps them. */
interface Store {
  today: { dayStr: string; dayStartsAtMs: number; taskIds: string[] };
  tasks: Map<string, { title: string; done: boolean; project?: string }>;
  colours: Map<string, string>;
}

/** The app's pure projection: its store → the widget blob object. */
function widgetBlob(store: Store): object {
  const [y, m, d] = store.today.dayStr.split("-").map(Number);
  const colours: { [project: string]: string } = {};
  const tasks = store.today.taskIds.flatMap((id) => {
    const task = store.tasks.get(id);
    if (!task) return [];
    const colour = task.project ? store.colours.get(task.project) : undefined;
    if (task.project && colour) colours[task.project] = colour;
    return [{ id, title: task.title, isDone: task.done, ...(task.project ? { projectId: task.project } : {}) }];
  });
  const validUntil = new Date(y, m - 1, d + 1).getTime() + store.today.dayStartsAtMs;
  return { v: 1, dayStr: store.today.dayStr, validUntil, tasks, projectColors: colours };
}

// --- The adapter: an app-state line → the app's store. This is all an app writes. ---

function storeOf(state: AppState): Store {
  return {
    today: { dayStr: state.todayStr, dayStartsAtMs: state.startOfNextDayDiffMs, taskIds: state.todayTaskIds },
    tasks: new Map(state.tasks.map((t) => [t.id, { title: t.title, done: t.isDone, ...(t.projectId ? { project: t.projectId } : {}) }])),
    colours: new Map(state.projects.flatMap((p) => (p.primary === null ? [] : [[p.id, p.primary] as [string, string]]))),
  };
}

serveWriterProtocol((state) => widgetBlob(storeOf(state)));
