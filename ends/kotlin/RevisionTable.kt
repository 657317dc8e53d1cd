// RevisionTable: holds this folder's WidgetData.kt to the revision table the Swift and C
// readers are held to (../../Tests/Behaviour/revisions.jsonl, CONTRACT.md §8). Reads the
// table, asks each row's question, prints every row whose answer differs, and exits 1 if any
// does (TableRunner.kt). Run by ./revision-table. Kotlin 1.3.

import org.json.JSONArray
import org.json.JSONObject

private fun rowsJson(rows: List<WidgetTaskRow>): JSONObject {
    val list = JSONArray()
    for (r in rows) list.put(JSONArray(listOf(r.id, r.title, r.isDone, r.projectColor ?: JSONObject.NULL, r.doneOn ?: JSONObject.NULL)))
    return JSONObject().put("rows", list)
}

private fun answer(row: JSONObject): JSONObject {
    val blob = row.getString("blob")
    return try {
        when (row.getString("question")) {
            "parse" -> {
                val state = RowTaps(row)
                rowsJson(WidgetData.parse(blob, state.taps, state.times, state.selected, row.getLong("nowMs")))
            }
            "parseProjects" -> {
                val list = JSONArray()
                for (p in WidgetData.parseProjects(blob)) list.put(JSONArray(listOf(p.id, p.title)))
                JSONObject().put("projects", list)
            }
            "projectTitle" -> JSONObject().put("title", WidgetData.projectTitle(blob, row.getString("projectId")) ?: JSONObject.NULL)
            else -> {
                val t = WidgetData.parseCurrentTask(blob)
                val task: Any = if (t == null) JSONObject.NULL else JSONObject()
                    .put("id", t.id).put("title", t.title).put("projectId", t.projectId ?: JSONObject.NULL)
                    .put("deviceLabel", t.deviceLabel).put("isLocal", t.isLocal)
                    .put("sinceTs", t.sinceTs ?: JSONObject.NULL).put("focusCycle", t.focusCycle ?: JSONObject.NULL)
                JSONObject().put("currentTask", task)
            }
        }
    } catch (e: Exception) {
        JSONObject().put("error", true)
    }
}

fun main(args: Array<String>) = runTable("revision table", args[0], ::answer)
