// The writer protocol (CONTRACT.md §7.3): one app-state line in, one line out — the blob
// exactly as JSON.stringify writes it, or a crash line — flushed line by line, so a harness
// can keep one writer running and talk to it case by case, like a reader testee (§6).

import { AppState, Json, StateError, readAppState, stateIdOf } from "./app-state";

/** What an app hands the protocol: its own pure projection, app state → blob object. */
export type Projection = (state: AppState) => unknown;

/** A crash line (§6): the state's id, or "" when the line gives none, then what happened. */
export function crashLine(id: string, crash: string): string {
  return JSON.stringify({ id, crash });
}

/**
 * Makes the process's zone the state's. Node applies an assignment to process.env.TZ at once,
 * so `new Date(y, m, d)` in the projection reads that zone, as the app's reads the device's.
 * The zone set last is remembered here: reading process.env.TZ back for every state cost more
 * than the projection's own arithmetic (nothing else in the process sets it).
 */
function useZone(zone: string): void {
  if (zoneInUse !== zone) {
    process.env.TZ = zone;
    zoneInUse = zone;
  }
}

let zoneInUse: string | undefined = process.env.TZ;

/**
 * The output line for one input line; `lineNumber` names it in a crash line (`stdin:3`), spelled
 * out only there (a name per line was garbage for every state).
 */
export function writerLine(project: Projection, line: string, lineNumber: number): string {
  let value: Json;
  try {
    value = JSON.parse(line) as Json;
  } catch (error) {
    return crashLine("", `bad state: stdin:${lineNumber}: not JSON (${(error as Error).message}) in readAppState`);
  }
  let state: AppState;
  try {
    state = readAppState(value);
  } catch (error) {
    if (!(error instanceof StateError)) throw error;
    return crashLine(stateIdOf(value), `bad state: stdin:${lineNumber}: field ${error.field}: ${error.message} in readAppState`);
  }
  try {
    useZone(state.timeZone);
    return JSON.stringify(project(state));
  } catch (error) {
    const thrown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return crashLine(state.id, `${thrown} in projection`);
  }
}

/**
 * Serves the protocol on stdin/stdout until stdin ends: each line (LF or CRLF) in gives one
 * line out, written before the next is read; lines of only spaces and tabs are skipped. A closed stdout ends
 * the process with 141, as a shell reports SIGPIPE. The answers to the lines of one chunk of
 * stdin go out in one write, before the next chunk is read (a write per line was a fifth of
 * the writer end's time when a harness sends a batch of states): a line sent on its own is
 * still answered at once, and what was answered is written before an error leaves.
 */
export function serveWriterProtocol(project: Projection): void {
  serveLines((line, lineNumber) => writerLine(project, line, lineNumber));
}

/** The line loop of every protocol of the project's TypeScript ends (the writer's, the drain's). */
export function serveLines(answerLine: (line: string, lineNumber: number) => string): void {
  process.stdout.on("error", (error) => process.exit(error.code === "EPIPE" ? 141 : 1));
  let pending = "";
  let lineNumber = 0;
  const answer = (line: string, out: string[]): void => {
    lineNumber += 1;
    if (/^[ \t\r]*$/.test(line)) return;
    out.push(answerLine(line.replace(/\r$/, ""), lineNumber) + "\n");
  };
  const answerAll = (lines: string[]): void => {
    const out: string[] = [];
    try {
      for (const line of lines) answer(line, out);
    } finally {
      if (out.length > 0) process.stdout.write(out.join(""));
    }
  };
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    answerAll(lines);
  });
  process.stdin.on("end", () => {
    if (pending !== "") answerAll([pending]);
  });
}
