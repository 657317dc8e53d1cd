// RevisionTable: holds this folder's WidgetData.kt to the revision table the Swift and C
// readers are held to (../../Tests/Behaviour/revisions.jsonl, CONTRACT.md §8). Reads the
// table, asks each row's question, prints every row whose answer differs, and exits 1 if any
// does. Run by ./revision-table. Kotlin 1.3.

import org.json.JSONArray
import org.json.JSONObject
import java.io.File
import kotlin.system.exitProcess

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
                val taps = LinkedHashMap<String, Boolean>()
                val times = LinkedHashMap<String, Long>()
                val tapList = row.optJSONArray("taps") ?: JSONArray()
                for (i in 0 until tapList.length()) taps[tapList.getJSONArray(i).getString(0)] = tapList.getJSONArray(i).getBoolean(1)
                val timeList = row.optJSONArray("tapTimes") ?: JSONArray()
                for (i in 0 until timeList.length()) times[timeList.getJSONArray(i).getString(0)] = timeList.getJSONArray(i).getLong(1)
                val selected = if (row.has("selectedProjectId")) row.getString("selectedProjectId") else null
                rowsJson(WidgetData.parse(blob, taps, times, selected, row.getLong("nowMs")))
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

/** Same answer: compared as org.json's text of both sides, with the expected side re-read the same way. */
private fun same(a: JSONObject, b: JSONObject): Boolean = JSONObject(a.toString()).toString() == JSONObject(b.toString()).toString()

fun main(args: Array<String>) {
    var rows = 0
    var differing = 0
    for (line in File(args[0]).readLines()) {
        if (line.isBlank()) continue
        val row = JSONObject(line)
        val got = answer(row)
        rows++
        if (!same(got, row.getJSONObject("expect"))) {
            differing++
            println("${row.getString("id")}: got $got, expected ${row.getJSONObject("expect")}")
        }
    }
    println("revision table: $rows rows, $differing differing")
    exitProcess(if (differing == 0 && rows > 0) 0 else 1)
}
