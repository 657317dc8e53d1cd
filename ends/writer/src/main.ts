// The project's writer end: the writer protocol around the project's own projection.
//   node .build/writer/main.js < golden/states/colours.jsonl

import { projectWidgetData } from "./projection";
import { serveWriterProtocol } from "./writer-protocol";

serveWriterProtocol(projectWidgetData);
