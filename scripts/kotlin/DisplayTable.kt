// DisplayTable: holds WidgetDisplay.kt (over this folder's WidgetData.kt) to the display table
// the Swift and C readers are held to (../../Tests/Behaviour/display.jsonl, CONTRACT.md §9).
// Reads the table, answers each row (a colour through AndroidColor.parseColor, a display
// through WidgetDisplay.display in the row's zone), prints every row whose answer differs,
// and exits 1 if any does. Run by ./display-table. Kotlin 1.3.

import org.json.JSONArray
import org.json.JSONObject
import java.io.File
import java.util.TimeZone
import kotlin.system.exitProcess

/** #AARRGGBB, upper-case: the display view's form of a colour. */
private fun hex(argb: Int): String = "#" + String.format("%08X", argb.toLong() and 0xFFFFFFFFL)

private fun displayJson(row: JSONObject): JSONObject {
    val taps = LinkedHashMap<String, Boolean>()
    val times = LinkedHashMap<String, Long>()
    val tapList = row.optJSONArray("taps") ?: JSONArray()
    for (i in 0 until tapList.length()) taps[tapList.getJSONArray(i).getString(0)] = tapList.getJSONArray(i).getBoolean(1)
    val timeList = row.optJSONArray("tapTimes") ?: JSONArray()
    for (i in 0 until timeList.length()) times[timeList.getJSONArray(i).getString(0)] = timeList.getJSONArray(i).getLong(1)
    val selected = if (row.has("selectedProjectId")) row.getString("selectedProjectId") else null
    val zoneName = row.getString("timeZone")
    val zone = TimeZone.getTimeZone(zoneName)
    if (zone.id != zoneName) throw IllegalArgumentException("unknown time zone $zoneName")
    TimeZone.setDefault(zone)
    val capacity = if (row.has("capacity")) row.getInt("capacity") else WidgetDisplay.ANDROID_CAPACITY
    val answer = WidgetDisplay.display(row.getString("blob"), taps, times, selected, row.getLong("nowMs"), capacity)
    val rows = JSONArray()
    for (r in answer.rows) rows.put(JSONArray(listOf(r.id, r.title, r.isDone, if (r.dot == null) JSONObject.NULL else hex(r.dot))))
    val header = JSONObject().put("kind", answer.header.kind)
        .put("title", answer.header.title ?: JSONObject.NULL).put("day", answer.header.day ?: JSONObject.NULL)
    return JSONObject().put("rows", rows).put("more", answer.more).put("header", header).put("empty", answer.showsEmptyView)
}

private fun answer(row: JSONObject): JSONObject =
    if (row.getString("question") == "color") {
        val dot: Any = try {
            hex(AndroidColor.parseColor(row.getString("color")))
        } catch (e: Exception) {
            JSONObject.NULL
        }
        JSONObject().put("dot", dot)
    } else {
        displayJson(row)
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
    println("display table: $rows rows, $differing differing")
    exitProcess(if (differing == 0 && rows > 0) 0 else 1)
}
