// The drain protocol (CONTRACT.md §10.4): one request line in — what the writer handed over and
// the app's tasks — one line out, the changes the drain applies, or a crash line. The same line
// loop as the writer protocol; an app puts its own drain under test through an adapter
// (Examples/queue-drain-adapter).

import { Json } from "./app-state";
import { crashLine, serveLines } from "./writer-protocol";

/** A request as the protocol reads it. */
export interface DrainRequest {
  id: string;
  queue: string | null;
  times: string | null;
  tasks: { id: string; isDone: boolean }[];
}

/** What an app hands the protocol: its drain, request → the changes it applies. */
export type Drain = (request: DrainRequest) => { id: string; isDone: boolean; doneOn?: number }[];

class RequestError extends Error {}

function readRequest(value: Json): DrainRequest {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new RequestError("not an object");
  const record = value as { [key: string]: Json };
  for (const key of Object.keys(record)) {
    if (!["id", "queue", "times", "tasks"].includes(key)) throw new RequestError(`field ${key}: unknown`);
  }
  const text = (key: string): string | null => {
    const field = record[key];
    if (field === null || field === undefined) return null;
    if (typeof field !== "string") throw new RequestError(`field ${key}: not a string or null`);
    return field;
  };
  const id = record["id"];
  if (typeof id !== "string") throw new RequestError("field id: not a string");
  const tasks = record["tasks"];
  if (!Array.isArray(tasks)) throw new RequestError("field tasks: not an array");
  return {
    id,
    queue: text("queue"),
    times: text("times"),
    tasks: tasks.map((task, index) => {
      if (typeof task !== "object" || task === null || Array.isArray(task)) throw new RequestError(`field tasks[${index}]: not an object`);
      const fields = task as { [key: string]: Json };
      if (typeof fields["id"] !== "string") throw new RequestError(`field tasks[${index}].id: not a string`);
      if (typeof fields["isDone"] !== "boolean") throw new RequestError(`field tasks[${index}].isDone: not a boolean`);
      return { id: fields["id"] as string, isDone: fields["isDone"] as boolean };
    }),
  };
}

/** The output line for one request line. */
export function drainLine(drain: Drain, line: string, lineNumber: number): string {
  let value: Json;
  try {
    value = JSON.parse(line) as Json;
  } catch (error) {
    return crashLine("", `bad request: stdin:${lineNumber}: not JSON (${(error as Error).message}) in readRequest`);
  }
  let request: DrainRequest;
  try {
    request = readRequest(value);
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    const id = typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { [key: string]: Json })["id"] === "string"
      ? ((value as { [key: string]: Json })["id"] as string) : "";
    return crashLine(id, `bad request: stdin:${lineNumber}: ${error.message} in readRequest`);
  }
  try {
    return JSON.stringify({ id: request.id, changes: drain(request) });
  } catch (error) {
    const thrown = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return crashLine(request.id, `${thrown} in drain`);
  }
}

/** Serves the protocol on stdin/stdout until stdin ends (as serveWriterProtocol does). */
export function serveDrainProtocol(drain: Drain): void {
  serveLines((line, lineNumber) => drainLine(drain, line, lineNumber));
}
