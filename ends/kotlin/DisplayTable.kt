// DisplayTable: holds WidgetDisplay.kt (over this folder's WidgetData.kt) to the display table
// the Swift and C readers are held to (../../Tests/Behaviour/display.jsonl, CONTRACT.md §9).
// Reads the table, answers each row (a colour through AndroidColor.parseColor, a display
// through WidgetDisplay.display in the row's zone), prints every row whose answer differs,
// and exits 1 if any does (TableRunner.kt). Run by ./display-table. Kotlin 1.3.

import org.json.JSONArray
import org.json.JSONObject
import java.util.TimeZone

/** #AARRGGBB, upper-case: the display view's form of a colour. */
private fun hex(argb: Int): String = "#" + String.format("%08X", argb.toLong() and 0xFFFFFFFFL)

private fun displayJson(row: JSONObject): JSONObject {
    val state = RowTaps(row)
    val zoneName = row.getString("timeZone")
    val zone = TimeZone.getTimeZone(zoneName)
    if (zone.id != zoneName) throw IllegalArgumentException("unknown time zone $zoneName")
    TimeZone.setDefault(zone)
    val capacity = if (row.has("capacity")) row.getInt("capacity") else WidgetDisplay.ANDROID_CAPACITY
    val answer = WidgetDisplay.display(row.getString("blob"), state.taps, state.times, state.selected, row.getLong("nowMs"), capacity)
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

fun main(args: Array<String>) = runTable("display table", args[0], ::answer)
