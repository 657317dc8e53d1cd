// The project's drain end: the drain protocol around `changesToApply`.
//   node .build/writer/drain-main.js [--features targets+tapTimes+legacyArray] < requests.jsonl
// --features (default: all) makes it answer as a drain of those features only, so the one
// implementation stands for every declared set (the first drain is --features legacyArray).

import { DrainFeatures, changesToApply } from "./drain";
import { serveDrainProtocol } from "./drain-protocol";

function features(argv: string[]): DrainFeatures {
  const at = argv.indexOf("--features");
  const names = at >= 0 && at + 1 < argv.length ? argv[at + 1].split("+") : ["targets", "tapTimes", "legacyArray"];
  for (const name of names) {
    if (!["targets", "tapTimes", "legacyArray"].includes(name)) {
      process.stderr.write(`drain: unknown feature ${name} (targets, tapTimes, legacyArray)\n`);
      process.exit(2);
    }
  }
  return { targets: names.includes("targets"), tapTimes: names.includes("tapTimes"), legacyArray: names.includes("legacyArray") };
}

const declared = features(process.argv.slice(2));
serveDrainProtocol((request) =>
  changesToApply(request.queue, request.times, new Map(request.tasks.map((task) => [task.id, task.isDone])), declared));
