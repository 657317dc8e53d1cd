// TableRunner: what DisplayTable.kt and RevisionTable.kt share: reading a behaviour table
// (../../Tests/Behaviour/*.jsonl, one row a line), the taps a row carries, comparing each
// answer with the row's expected one and the summary line. Compiled with either table by
// ./table-jar. Kotlin 1.3.

import org.json.JSONArray
import org.json.JSONObject
import java.io.File
import kotlin.system.exitProcess

/** The pending taps a table row carries (`taps`, `tapTimes`) and the selected project: the widget's state. */
class RowTaps(row: JSONObject) {
    val taps = LinkedHashMap<String, Boolean>()
    val times = LinkedHashMap<String, Long>()

    init {
        val tapList = row.optJSONArray("taps") ?: JSONArray()
        for (i in 0 until tapList.length()) taps[tapList.getJSONArray(i).getString(0)] = tapList.getJSONArray(i).getBoolean(1)
        val timeList = row.optJSONArray("tapTimes") ?: JSONArray()
        for (i in 0 until timeList.length()) times[timeList.getJSONArray(i).getString(0)] = timeList.getJSONArray(i).getLong(1)
    }

    val selected: String? = if (row.has("selectedProjectId")) row.getString("selectedProjectId") else null
}

/** Same answer: compared as org.json's text of both sides, with the expected side re-read the same way. */
private fun same(a: JSONObject, b: JSONObject): Boolean = JSONObject(a.toString()).toString() == JSONObject(b.toString()).toString()

/** Answers every row of the table at [path], prints each row whose answer differs and a summary line
 *  ("[name]: N rows, M differing"), and exits 1 if any differs or the table is empty. */
fun runTable(name: String, path: String, answer: (JSONObject) -> JSONObject) {
    var rows = 0
    var differing = 0
    for (line in File(path).readLines()) {
        if (line.isBlank()) continue
        val row = JSONObject(line)
        val got = answer(row)
        rows++
        if (!same(got, row.getJSONObject("expect"))) {
            differing++
            println("${row.getString("id")}: got $got, expected ${row.getJSONObject("expect")}")
        }
    }
    println("$name: $rows rows, $differing differing")
    exitProcess(if (differing == 0 && rows > 0) 0 else 1)
}
